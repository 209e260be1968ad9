import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { modules, type ModuleGroup } from '../../../resources/modules.ts';
import type { AuthScope } from '../../../core/permissions.ts';

const GROUPS: { id: ModuleGroup; label: string }[] = [
  { id: 'top', label: 'resources.role.groups.top' },
  { id: 'hidden', label: 'resources.role.groups.hidden' },
  { id: 'account', label: 'resources.role.groups.account' },
  { id: 'reports', label: 'resources.role.groups.reports' },
  { id: 'management', label: 'resources.role.groups.management' },
];

type Grants = Map<string, { allowed: boolean; actions: Record<string, boolean> }>;

/**
 * The grants of a stored tree. The value is not a tree while the form waits for its record (an edit
 * page opened by its URL, or reloaded, before the role arrives: react-admin gives the input '' then).
 */
function readGrants(scopes: unknown): Grants {
  const grants: Grants = new Map();
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    (nodes as AuthScope[]).forEach((node) => {
      if (!node?.id) return;
      grants.set(node.id, { allowed: node.allowed !== false, actions: { ...(node.actions ?? {}) } });
      walk(node.children);
    });
  };
  walk(scopes);
  return grants;
}

/** The tree the server stores: groups, their modules (allowed or not) and each module's actions. */
function writeGrants(grants: Grants): AuthScope[] {
  return GROUPS.map((group) => {
    const children = modules
      .filter((m) => m.group === group.id)
      .map((m) => ({
        id: m.id,
        allowed: grants.get(m.id)?.allowed ?? false,
        actions: Object.fromEntries(m.actions.map((a) => [a.id, Boolean(grants.get(m.id)?.actions[a.id])])),
      }));
    return { id: `group-${group.id}`, allowed: children.some((c) => c.allowed), children };
  });
}

/** A role's authScopes as the module tree with a check box per module and per action. */
export function AuthScopesInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const grants = readGrants(field.value);
  const update = (moduleId: string, change: (g: { allowed: boolean; actions: Record<string, boolean> }) => void) => {
    const next = new Map(grants);
    const current = { allowed: false, actions: {}, ...next.get(moduleId) };
    const copy = { allowed: current.allowed, actions: { ...current.actions } };
    change(copy);
    next.set(moduleId, copy);
    field.onChange(writeGrants(next));
  };
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle1" gutterBottom>
        {translate(label)}
      </Typography>
      {GROUPS.map((group) => (
        <Box key={group.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 2 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
            {translate(group.label)}
          </Typography>
          {modules
            .filter((m) => m.group === group.id)
            .map((module) => {
              const grant = grants.get(module.id);
              return (
                <Box
                  key={module.id}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    columnGap: 1,
                    py: 0.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <FormControlLabel
                    sx={{ minWidth: 260, fontWeight: 500 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={Boolean(grant?.allowed)}
                        onChange={(e) =>
                          update(module.id, (g) => {
                            g.allowed = e.target.checked;
                          })
                        }
                      />
                    }
                    label={translate(module.name)}
                  />
                  {module.actions.map((action) => (
                    <FormControlLabel
                      key={action.id}
                      disabled={!grant?.allowed}
                      control={
                        <Checkbox
                          size="small"
                          checked={Boolean(grant?.allowed && grant.actions[action.id])}
                          onChange={(e) =>
                            update(module.id, (g) => {
                              g.actions[action.id] = e.target.checked;
                            })
                          }
                          inputProps={{ 'aria-label': `${translate(module.name)}: ${translate(action.label)}` }}
                        />
                      }
                      label={<Typography variant="body2">{translate(action.label)}</Typography>}
                    />
                  ))}
                </Box>
              );
            })}
        </Box>
      ))}
    </Box>
  );
}
