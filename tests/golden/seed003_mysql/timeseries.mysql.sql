-- mysql: MariaDB needs partitioning columns in the primary key and refuses the
-- generated column G there, so the range is on T = -G (same partitions, listed in reverse).
CREATE TABLE `htable1$family1` (
  `K` varbinary(1024) NOT NULL,
  `T` bigint(20) NOT NULL,
  `S` bigint(20) NOT NULL,
  `V` json NOT NULL,
  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),
  PRIMARY KEY (`K`, `T`, `S`)
)
PARTITION BY RANGE COLUMNS(`T`) SUBPARTITION BY KEY(`K`) SUBPARTITIONS 97 (
  PARTITION `p3` VALUES LESS THAN (-1729094399999),
  PARTITION `p2` VALUES LESS THAN (-1729007999999),
  PARTITION `p1` VALUES LESS THAN (-1728921599999),
  PARTITION `p0` VALUES LESS THAN MAXVALUE
);

-- mysql: MariaDB needs partitioning columns in the primary key and refuses the
-- generated column G there, so the range is on T = -G (same partitions, listed in reverse).
CREATE TABLE `htable1$family2` (
  `K` varbinary(1024) NOT NULL,
  `T` bigint(20) NOT NULL,
  `S` bigint(20) NOT NULL,
  `V` json NOT NULL,
  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),
  PRIMARY KEY (`K`, `T`, `S`)
)
PARTITION BY RANGE COLUMNS(`T`) SUBPARTITION BY KEY(`K`) SUBPARTITIONS 97 (
  PARTITION `p3` VALUES LESS THAN (-1729094399999),
  PARTITION `p2` VALUES LESS THAN (-1729007999999),
  PARTITION `p1` VALUES LESS THAN (-1728921599999),
  PARTITION `p0` VALUES LESS THAN MAXVALUE
);
