-- a vehicle's state from its last position, decided once in the database: lists read it, the gateway sends it live (resources/tracking.ts)
ALTER TABLE "device_states" ADD COLUMN "motion" text GENERATED ALWAYS AS (case
    when last_position is null then null
    when (last_position->>'speed')::float8 >= 5 then 'running'
    when (last_position->>'ignition')::boolean then 'idle'
    else 'stopped' end) STORED;