CREATE TABLE `t$g` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` varbinary(1048576) NOT NULL,
  PRIMARY KEY (`K`, `Q`, `T`)
) TABLEGROUP = `t`
kv_attributes = '{"HBase": {"TimeToLive": 86400, "MaxVersions": 2}}'
PARTITION BY RANGE COLUMNS(`K`) (
  PARTITION `p0` VALUES LESS THAN ('c'),
  PARTITION `p1` VALUES LESS THAN ('h'),
  PARTITION `p2` VALUES LESS THAN ('m'),
  PARTITION `p3` VALUES LESS THAN ('t')
);
