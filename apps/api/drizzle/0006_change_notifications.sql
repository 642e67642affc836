-- Every change to a table that API processes cache reads of is announced on the channel
-- `townworks_changes` with the table's name (decision 014). Each process LISTENs and drops what it
-- cached from that table; PostgreSQL delivers the notice when the change commits, and only then.
-- Statement-level triggers: one notice per statement (PostgreSQL folds repeats within a transaction).
CREATE FUNCTION townworks_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('townworks_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'users', 'towns', 'services', 'workers', 'worker_services', 'worker_hours', 'worker_days_off',
    'cart_entries', 'service_requests', 'tasks', 'assignments', 'workflow_records'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change()',
      t || '_announce_change', t);
  END LOOP;
END;
$$;
