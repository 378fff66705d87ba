-- OceanBase (MySQL mode) reorganizes one source partition at a time, so the
-- merge of `p0`, `p1` repartitions the table (an offline DDL).
ALTER TABLE `t$f` PARTITION BY RANGE COLUMNS(`K`) (
  PARTITION `p4` VALUES LESS THAN ('h'),
  PARTITION `p2` VALUES LESS THAN ('m'),
  PARTITION `p3` VALUES LESS THAN ('t')
);
