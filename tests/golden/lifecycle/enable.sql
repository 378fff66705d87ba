ALTER TABLE `t$f` kv_attributes = '{"HBase": {"MaxVersions": 3}}';
