import { Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { modules } from '../../../resources/modules.ts';

/** The modules the user holds, each with the actions of it he holds: what a token may be given. */
export function grantableModules(held: ReadonlySet<string>) {
  return modules.filter((m) => held.has(m.id)).map((m) => ({ ...m, actions: m.actions.filter((a) => held.has(a.id)) }));
}

/** A check box per permission id the user holds, grouped by module as the role editor shows them. */
export function PermissionPicker({
  held,
  chosen,
  onChange,
}: {
  held: ReadonlySet<string>;
  chosen: ReadonlySet<string>;
  onChange(next: Set<string>): void;
}) {
  const translate = useTranslate();
  const grantable = grantableModules(held);
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };
  const every = grantable.flatMap((m) => [m.id, ...m.actions.map((a) => a.id)]);
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
        {translate('apiTokens.permissions')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button size="small" onClick={() => onChange(new Set(every))}>
          {translate('apiTokens.selectAll')}
        </Button>
        <Button size="small" onClick={() => onChange(new Set())}>
          {translate('apiTokens.selectNone')}
        </Button>
      </Stack>
      <Box sx={{ maxHeight: 320, overflowY: 'auto' }}>
        {grantable.map((module) => (
          <Box
            key={module.id}
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <FormControlLabel
              sx={{ minWidth: { sm: 240 }, width: { xs: '100%', sm: 'auto' } }}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.has(module.id)}
                  onChange={(e) => toggle([module.id], e.target.checked)}
                />
              }
              label={translate(module.name)}
            />
            {module.actions.map((action) => (
              <FormControlLabel
                key={action.id}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.has(action.id)}
                    onChange={(e) => toggle([action.id], e.target.checked)}
                    inputProps={{ 'aria-label': `${translate(module.name)}: ${translate(action.label)}` }}
                  />
                }
                label={<Typography variant="body2">{translate(action.label)}</Typography>}
              />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
