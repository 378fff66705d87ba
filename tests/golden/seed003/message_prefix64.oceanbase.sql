CREATE TABLEGROUP `htable1`;

CREATE TABLE `htable1$family1` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` varbinary(1048576) NOT NULL,
  `K_PREFIX` varbinary(1024) GENERATED ALWAYS AS (substring(`K`, 1, 64)),
  PRIMARY KEY (`K`, `Q`, `T`)
) TABLEGROUP = `htable1`
PARTITION BY KEY(`K_PREFIX`) PARTITIONS 97;
