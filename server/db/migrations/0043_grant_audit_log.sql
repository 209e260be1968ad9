-- Hand-written SQL: the generated migrations do not describe it (docs/adding-an-entity.md)
-- The built-in roles (is_system) of a database seeded before these permissions existed, brought to
-- what the seed gives a new database (server/roles/defaults.ts), each decided by what the role
-- allows, never by its name; a role of an organisation's own is left to its administrators.
--
-- management-audit-log, with export-audit-log: to every administrator (a role that allows
-- management-user or management-role, ADMINISTRATION_PERMISSIONS of core/permissions.ts), as the
-- defaults give it to ADMIN, DISTRIBUTER, DEALER and RFC_ADMIN. A role whose tree already has the
-- module, allowed or not, keeps it as it is.
UPDATE "roles" r SET "auth_scopes" = (
  SELECT jsonb_agg(CASE WHEN g->>'id' = 'group-management' AND jsonb_typeof(g->'children') = 'array'
    THEN jsonb_set(g, '{children}', (g->'children') || jsonb_build_array(jsonb_build_object(
      'id', 'management-audit-log', 'allowed', true, 'actions', jsonb_build_object('export-audit-log', true))))
    ELSE g END ORDER BY gi)
  FROM jsonb_array_elements(r."auth_scopes") WITH ORDINALITY AS gg(g, gi))
WHERE r."is_system" AND jsonb_typeof(r."auth_scopes") = 'array'
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(r."auth_scopes") g,
      jsonb_array_elements(CASE WHEN jsonb_typeof(g->'children') = 'array' THEN g->'children' ELSE '[]'::jsonb END) c
    WHERE g->>'id' = 'group-management' AND coalesce((g->>'allowed')::boolean, true)
      AND c->>'id' IN ('management-user', 'management-role') AND coalesce((c->>'allowed')::boolean, true))
  AND NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(r."auth_scopes") g,
      jsonb_array_elements(CASE WHEN jsonb_typeof(g->'children') = 'array' THEN g->'children' ELSE '[]'::jsonb END) c
    WHERE g->>'id' = 'group-management' AND c->>'id' = 'management-audit-log');
--> statement-breakpoint
-- reveal-forwarding-secret (the HTTP destination's secret, no longer in its rows): to the roles that
-- hold every action of management-forwarding, as the defaults give it (SUPER_ADMIN's every module).
UPDATE "roles" r SET "auth_scopes" = (
  SELECT jsonb_agg(CASE WHEN g->>'id' = 'group-management' AND jsonb_typeof(g->'children') = 'array'
      AND jsonb_array_length(g->'children') > 0 THEN jsonb_set(g, '{children}', (
    SELECT jsonb_agg(CASE WHEN c->>'id' = 'management-forwarding' AND jsonb_typeof(c->'actions') = 'object'
        AND coalesce((c->>'allowed')::boolean, true) AND NOT (c->'actions' ? 'reveal-forwarding-secret')
        AND (SELECT bool_and(coalesce((c->'actions'->>a)::boolean, false))
          FROM unnest(ARRAY['add-forwarding', 'edit-forwarding', 'delete-forwarding', 'export-forwarding']) AS a)
      THEN jsonb_set(c, '{actions,reveal-forwarding-secret}', 'true'::jsonb)
      ELSE c END ORDER BY ci)
    FROM jsonb_array_elements(g->'children') WITH ORDINALITY AS cc(c, ci)))
    ELSE g END ORDER BY gi)
  FROM jsonb_array_elements(r."auth_scopes") WITH ORDINALITY AS gg(g, gi))
WHERE r."is_system" AND jsonb_typeof(r."auth_scopes") = 'array' AND jsonb_array_length(r."auth_scopes") > 0;
