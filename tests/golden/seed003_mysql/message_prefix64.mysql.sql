-- mysql: MariaDB needs partitioning columns in the primary key and refuses the
-- generated column K_PREFIX there, so KEY(K_PREFIX) becomes KEY(K).
CREATE TABLE `htable1$family1` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` mediumblob NOT NULL,
  `K_PREFIX` varbinary(1024) GENERATED ALWAYS AS (substring(`K`, 1, 64)),
  PRIMARY KEY (`K`, `Q`, `T`)
)
PARTITION BY KEY(`K`) PARTITIONS 97;
