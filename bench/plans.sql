-- Plans before/after each index of migration 10 (docs/performance.md). On PostgreSQL, against a
-- database made by `node bench/scale.ts --users 200000 --db postgres --keep`:
--   psql -h 127.0.0.1 -U postgres <database> -f bench/plans.sql
-- "before" drops the index inside a transaction that is rolled back.
\pset pager off
select to_char(now() at time zone 'UTC' - interval '30 days', 'YYYY-MM-DD') as m30,
       to_char(now() at time zone 'UTC' - interval '1 day', 'YYYY-MM-DD') as d1,
       to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as d0,
       (select id from orders where refunded_amount > 0 order by id desc limit 1) as refunded \gset
\set from '''' :m30 ''''
\set day '''' :d1 ''''
\set today '''' :d0 ''''
\set order '''' :refunded ''''

\echo === wallet_transactions_created_idx: ledger figures of a range (reconciliation; dashboard live parts)
\set q 'explain (analyze, costs off) select type, count(*), sum(amount) from wallet_transactions where created_at >= ' :from ' and created_at <= ' :today ' group by type'
:q;
begin; drop index wallet_transactions_created_idx; :q; rollback;

\echo === topups_credited_idx: completed top-ups credited in range
\set q 'explain (analyze, costs off) select count(*), sum(amount) from topups where status = ''completed'' and credited_at >= ' :from ' and credited_at <= ' :today
:q;
begin; drop index topups_credited_idx; :q; rollback;

\echo === webhook_logs_outcome_created_idx: credited webhook rows in range
\set q 'explain (analyze, costs off) select count(*) from webhook_logs where outcome = ''credited'' and created_at >= ' :from ' and created_at <= ' :today
:q;
begin; drop index webhook_logs_outcome_created_idx; :q; rollback;

\echo === tickets_created_idx: tickets opened in one day (dashboard)
\set q 'explain (analyze, costs off) select count(*) from tickets where created_at >= ' :day ' and created_at < ' :today
:q;
begin; drop index tickets_created_idx; :q; rollback;

\echo === deletion_requests_requested_idx: deletion requests in one day (dashboard)
\set q 'explain (analyze, costs off) select count(*) from deletion_requests where requested_at >= ' :from ' and requested_at < ' :today
:q;
begin; drop index deletion_requests_requested_idx; :q; rollback;

\echo === users_deleted_idx: users deleted in a range (dashboard: live users)
\set q 'explain (analyze, costs off) select count(*) from users where deleted_at is not null and deleted_at >= ' :from ' and deleted_at < ' :today
:q;
begin; drop index users_deleted_idx; :q; rollback;

\echo === wallet_transactions_refund_ref_idx: the refunds of one order and their ledger rows (reconciliation)
\set q 'explain (analyze, costs off) select coalesce(sum(l.amount), 0) from refunds r join wallet_transactions l on l.type = ''order_refund'' and l.reference = r.id where r.order_id = ' :order
:q;
begin; drop index wallet_transactions_refund_ref_idx; :q; rollback;

\echo === GET /admin/users?has_balance=true: each wallet read by its key (migration 30 dropped wallets_nonzero_idx, which no route read)
explain (analyze, costs off) select id from users where deleted_at is null
  and exists (select 1 from wallets where wallets.user_id = users.id and wallets.shopping_credits > 0) order by id desc limit 21;

\echo === users_*_trgm_idx: GET /admin/users?q=000111 (phone digits) and q=vikram patel, planned with the values (PLAN_PER_CALL)
prepare users_q(text, text, text, int) as select id, phone, full_name from users where deleted_at is null
  and (lower(full_name) like $1 escape '\' or lower(coalesce(email, '')) like $2 escape '\' or coalesce(phone, '') like $3 escape '\')
  order by id desc limit $4;
set plan_cache_mode = force_custom_plan;
explain (analyze, costs off) execute users_q('%000111%', '%000111%', '%000111%', 21);
explain (analyze, costs off) execute users_q('%vikram patel%', '%vikram patel%', '%vikrampatel%', 21);
begin; drop index users_name_trgm_idx; drop index users_email_trgm_idx; drop index users_phone_trgm_idx;
explain (analyze, costs off) execute users_q('%000111%', '%000111%', '%000111%', 21);
rollback;
\echo --- the same with one generic plan for every value (what a named prepared statement may settle on)
set plan_cache_mode = force_generic_plan;
explain (analyze, costs off) execute users_q('%000111%', '%000111%', '%000111%', 21);
reset plan_cache_mode;

\echo === products_name_trgm_idx: GET /products?q=quokka
\set q 'explain (analyze, costs off) select id, name from products where is_active = 1 and lower(name) like ''%quokka%'' escape ''\\'' order by id desc limit 21'
:q;
begin; drop index products_name_trgm_idx; :q; rollback;
