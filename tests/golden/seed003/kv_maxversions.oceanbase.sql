CREATE TABLEGROUP `t1`;

CREATE TABLE `t1$cf1` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` varbinary(1048576) NOT NULL,
  PRIMARY KEY (`K`, `Q`, `T`)
) TABLEGROUP = `t1`
kv_attributes = '{"HBase": {"MaxVersions": 3}}'
PARTITION BY KEY(`K`) PARTITIONS 97;
