-- Hand-written: a run's step commit in one statement (db/store/pg/steps.ts). The step's events, the
-- run row's changes, its call-journal rows and its checkpoint, written by one call: one round trip
-- and one implicit transaction instead of BEGIN, three to six statements and COMMIT.
-- run_set: the run row's new values by column (status, output, error, usage, started_at,
-- finished_at; a key present with null sets NULL), or null for no change. with_usage: also set
-- `usage` to the run's tokens and cost totalled over its llm.response events, this step's
-- included (the JSON db/store/pg/runs.ts usageOf makes). check_run: raise no_data_found (P0002)
-- when the run does not exist (a commit that writes nothing else).
CREATE OR REPLACE FUNCTION switchyard_step_commit(
	p_run text,
	ev_seq bigint[], ev_ts text[], ev_type text[], ev_step bigint[], ev_node text[], ev_span text[], ev_parent text[], ev_data text[],
	run_set jsonb, with_usage boolean,
	j_key text[], j_kind text[], j_node text[], j_hash text[], j_result text[], j_error text[], j_usage text[], j_reused bigint[], j_started bigint[], j_latency bigint[], j_at bigint,
	cp_step bigint, cp_data text, cp_at bigint,
	check_run boolean
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	used record;
BEGIN
	IF check_run AND NOT EXISTS (SELECT 1 FROM runs WHERE id = p_run) THEN
		RAISE EXCEPTION 'no run %', p_run USING ERRCODE = 'no_data_found';
	END IF;
	IF cardinality(ev_seq) > 0 THEN
		INSERT INTO run_events (run_id, seq, ts, type, step, node, span_id, parent_span_id, data)
		SELECT p_run, * FROM unnest(ev_seq, ev_ts, ev_type, ev_step, ev_node, ev_span, ev_parent, ev_data);
	END IF;
	IF with_usage THEN
		SELECT coalesce(sum((data::jsonb ->> 'gen_ai.usage.input_tokens')::numeric), 0) AS input,
			coalesce(sum((data::jsonb ->> 'gen_ai.usage.output_tokens')::numeric), 0) AS output,
			sum((data::jsonb ->> 'cost_usd')::numeric) AS cost
		INTO used FROM run_events WHERE run_id = p_run AND type = 'llm.response';
		run_set := coalesce(run_set, '{}'::jsonb) || jsonb_build_object('usage', (
			CASE WHEN used.cost IS NULL
				THEN json_build_object('prompt_tokens', used.input, 'completion_tokens', used.output, 'total_tokens', used.input + used.output)
				ELSE json_build_object('prompt_tokens', used.input, 'completion_tokens', used.output, 'total_tokens', used.input + used.output, 'cost_usd', round(used.cost, 9))
			END)::text);
	END IF;
	IF run_set IS NOT NULL THEN
		UPDATE runs SET
			status = CASE WHEN run_set ? 'status' THEN run_set->>'status' ELSE status END,
			output = CASE WHEN run_set ? 'output' THEN run_set->>'output' ELSE output END,
			error = CASE WHEN run_set ? 'error' THEN run_set->>'error' ELSE error END,
			usage = CASE WHEN run_set ? 'usage' THEN run_set->>'usage' ELSE usage END,
			started_at = CASE WHEN run_set ? 'started_at' THEN (run_set->>'started_at')::bigint ELSE started_at END,
			finished_at = CASE WHEN run_set ? 'finished_at' THEN (run_set->>'finished_at')::bigint ELSE finished_at END
		WHERE id = p_run;
	END IF;
	IF cardinality(j_key) > 0 THEN
		INSERT INTO run_journal (run_id, key, kind, node, request_hash, result, error, usage, reused, started_at, latency_ms, created_at)
		SELECT p_run, k, kd, n, h, r, e, u, ru, s, l, j_at FROM unnest(j_key, j_kind, j_node, j_hash, j_result, j_error, j_usage, j_reused, j_started, j_latency) AS t(k, kd, n, h, r, e, u, ru, s, l)
		ON CONFLICT (run_id, key) DO NOTHING;
	END IF;
	IF cp_data IS NOT NULL THEN
		INSERT INTO run_checkpoints (run_id, step, checkpoint, updated_at) VALUES (p_run, cp_step, cp_data, cp_at)
		ON CONFLICT (run_id, step) DO UPDATE SET checkpoint = excluded.checkpoint, updated_at = excluded.updated_at;
	END IF;
END;
$$;
