CREATE TABLE `t1$cf1` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` mediumblob NOT NULL,
  PRIMARY KEY (`K`, `Q`, `T`)
)
PARTITION BY KEY(`K`) PARTITIONS 97;
