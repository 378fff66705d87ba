CREATE TABLE `htable1$family1` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` longblob NOT NULL,
  PRIMARY KEY (`K`, `Q`, `T`)
)
PARTITION BY KEY(`K`) PARTITIONS 97;
