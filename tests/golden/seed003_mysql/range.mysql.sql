CREATE TABLE `htable1$family1` (
  `K` varbinary(1024) NOT NULL,
  `Q` varbinary(256) NOT NULL,
  `T` bigint(20) NOT NULL,
  `V` mediumblob NOT NULL,
  PRIMARY KEY (`K`, `Q`, `T`)
)
PARTITION BY RANGE COLUMNS(`K`) (
  PARTITION `p0` VALUES LESS THAN ('a'),
  PARTITION `p1` VALUES LESS THAN ('w'),
  PARTITION `p2` VALUES LESS THAN MAXVALUE
);
