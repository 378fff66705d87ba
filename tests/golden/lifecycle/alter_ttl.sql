ALTER TABLE `t$f` kv_attributes = '{"HBase": {"TimeToLive": 3600, "MaxVersions": 3}}';
