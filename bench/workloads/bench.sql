-- SQLite workload for bench/run-suite.sh, read after a generated first line
-- "CREATE TABLE param AS SELECT <rows> AS n;" (the suite writes it): an
-- in-memory database filled by a recursive CTE (no random(): the data must
-- be the same everywhere), then an index, joins, grouping and sorting.
CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, region INTEGER);
CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, amount INTEGER,
                    day INTEGER, note TEXT);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)
INSERT INTO customer SELECT i, 'cust' || (i * 7919 % 2000), i % 17 FROM c;
BEGIN;
WITH RECURSIVE o(i, x) AS (
  SELECT 1, 12345
  UNION ALL
  SELECT i + 1, (x * 1103515245 + 12345) % 2147483648 FROM o
  WHERE i < (SELECT n FROM param))
INSERT INTO orders SELECT i, x % 2000 + 1, x % 10007, (x >> 8) % 365,
  printf('n%x', x % 4096) FROM o;
COMMIT;
CREATE INDEX orders_customer ON orders(customer);
CREATE INDEX orders_day ON orders(day, amount);
SELECT 'rows', count(*), sum(amount), min(note), max(note) FROM orders;
SELECT 'region', c.region, count(*), sum(o.amount), printf('%.3f', avg(o.amount))
  FROM orders o JOIN customer c ON c.id = o.customer
  GROUP BY c.region ORDER BY c.region;
SELECT 'top', c.name, t.total FROM customer c
  JOIN (SELECT customer, sum(amount) AS total FROM orders GROUP BY customer) t
    ON t.customer = c.id
  ORDER BY t.total DESC, c.id LIMIT 5;
SELECT 'days', count(*), sum(amount) FROM orders WHERE day BETWEEN 100 AND 120
  AND amount > 5000;
SELECT 'notes', count(DISTINCT note), sum(length(note)) FROM orders
  WHERE note LIKE 'n1%';
UPDATE orders SET amount = amount + 1 WHERE customer IN
  (SELECT id FROM customer WHERE region = 3);
SELECT 'after', sum(amount) FROM orders;
SELECT 'median', amount FROM orders ORDER BY amount, id
  LIMIT 1 OFFSET (SELECT count(*) / 2 FROM orders);
