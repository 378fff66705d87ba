-- mysql: MariaDB needs partitioning columns in the primary key and refuses the
-- generated column G there, so the range is on T = -G (same partitions, listed in reverse).
CREATE TABLE `htable1$cf1` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` varbinary(1024) NOT NULL,
  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),
  PRIMARY KEY (`K`, `Q`, `T`)
)
PARTITION BY RANGE COLUMNS(`T`) SUBPARTITION BY KEY(`K`) SUBPARTITIONS 97 (
  PARTITION `p3` VALUES LESS THAN (-1729094399999),
  PARTITION `p2` VALUES LESS THAN (-1729007999999),
  PARTITION `p1` VALUES LESS THAN (-1728921599999),
  PARTITION `p0` VALUES LESS THAN MAXVALUE
);

-- mysql: MariaDB needs partitioning columns in the primary key and refuses the
-- generated column G there, so the range is on T = -G (same partitions, listed in reverse).
-- mysql: MariaDB needs partitioning columns in the primary key and refuses the
-- generated column K_PREFIX there, so KEY(K_PREFIX) becomes KEY(K).
CREATE TABLE `htable1$cf2` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` varbinary(1024) NOT NULL,
  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),
  `K_PREFIX` varbinary(1024) GENERATED ALWAYS AS (substring(`K`, 1, 4)),
  PRIMARY KEY (`K`, `Q`, `T`)
)
PARTITION BY RANGE COLUMNS(`T`) SUBPARTITION BY KEY(`K`) SUBPARTITIONS 97 (
  PARTITION `p3` VALUES LESS THAN (-1729094399999),
  PARTITION `p2` VALUES LESS THAN (-1729007999999),
  PARTITION `p1` VALUES LESS THAN (-1728921599999),
  PARTITION `p0` VALUES LESS THAN MAXVALUE
);
