-- The queue's table holds few live rows at any moment, but every job leaves two dead versions of
-- its row behind (the claim's update and the completion's delete): about 700 a second while
-- quotes are created at 350 a second. PostgreSQL's default waits for dead rows to reach 20 % of
-- the table, checked once a minute, and until then every claim's index scan walks past all of
-- them (5,000 index entries for 5 live jobs after 15 s of creations: a claim took 0.42 ms where
-- it took 0.19 on a fresh table). Vacuumed once 500 dead rows gather, unthrottled (the table is
-- small), a claim reads only a few pages. How often autovacuum looks is the server's
-- autovacuum_naptime: the embedded server sets 1 s; the README advises the same for a server of
-- your own.
ALTER TABLE "Job" SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 500,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 500,
  autovacuum_analyze_scale_factor = 0,
  autovacuum_analyze_threshold = 500,
  autovacuum_vacuum_cost_delay = 0
);
