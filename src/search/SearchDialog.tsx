import { useState } from 'react';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
  Button,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { findResource } from '../../resources/modules.ts';
import { recordTitle, roughCount, type RecordLike } from '../../resources/display.ts';

type Group = 'Devices' | 'Vehicles' | 'Users';
/** Each group's first matches, and how many match in all (on the group's list). */
type Results = Record<Group, (RecordLike & { id: string })[]> & {
  totals?: Partial<Record<Group, number>>;
  estimated?: Group[];
};
const GROUPS: { id: Group; resource: string; empty: string; path: (id: string) => string }[] = [
  { id: 'Devices', resource: 'device', empty: 'search.noDevices', path: (id) => `/management/device-details/${id}` },
  { id: 'Vehicles', resource: 'vehicle', empty: 'search.noVehicles', path: (id) => `/management/vehicle/edit/${id}` },
  { id: 'Users', resource: 'user', empty: 'search.noUsers', path: (id) => `/management/user/edit/${id}` },
];
const CATEGORIES = ['Vehicles', 'Devices', 'Users'] as const;

/** What a result line shows under its name. */
function detail(group: Group, record: RecordLike): string {
  if (group === 'Devices') return [record.iccid, record.labels?.organisationId].filter(Boolean).join(' · ');
  if (group === 'Vehicles') return [record.name, record.labels?.deviceId].filter(Boolean).join(' · ');
  return [record.email, record.phone, record.labels?.organisationId].filter(Boolean).join(' · ');
}

/**
 * The global search (spec platform-shell §2): one text box submitted as a form, an optional
 * category, results grouped Devices, Vehicles, Users; clearing the text resets.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [category, setCategory] = useState('');
  const [state, setState] = useState<'idle' | 'loading' | 'results'>('idle');
  const [results, setResults] = useState<Results | null>(null);
  // the text the shown results are for (the box may have changed since)
  const [searched, setSearched] = useState('');

  const reset = () => {
    setResults(null);
    setState('idle');
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return reset();
    setState('loading');
    try {
      const query = new URLSearchParams({ q, ...(category ? { category } : {}) });
      setResults(await apiCall<Results>(`/search?${query}`));
      setSearched(q);
      setState('results');
    } catch (error) {
      notify((error as { body?: { message?: string } }).body?.message || 'search.failed', { type: 'error' });
      reset();
    }
  };
  const shown = GROUPS.filter((g) => !category || g.id === category);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="search-title">
      <DialogTitle id="search-title">{translate('search.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          role="search"
          onSubmit={submit}
          sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1, pt: 1 }}
        >
          {/* on a phone the text box has a line of its own */}
          <TextField
            autoFocus
            fullWidth
            size="small"
            sx={{ flexBasis: { xs: '100%', sm: 'auto' } }}
            label={translate('search.title')}
            placeholder={translate('search.placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (!e.target.value) reset();
            }}
          />
          <TextField
            select
            size="small"
            label={translate('search.category')}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              reset();
            }}
            sx={{ minWidth: 140, flex: { xs: 1, sm: 'none' } }}
          >
            <MenuItem value="">{translate('search.allCategories')}</MenuItem>
            {CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(`search.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained">
            {translate('search.submit')}
          </Button>
        </Box>
        {state === 'idle' && (
          <Typography sx={{ mt: 3 }} color="text.secondary">
            {translate('search.hint')}
          </Typography>
        )}
        {state === 'loading' && (
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <CircularProgress size={28} aria-label={translate('app.loading')} />
          </Box>
        )}
        {state === 'results' &&
          results &&
          shown.map((group) => {
            const resource = findResource(group.resource)!;
            const count = results[group.id].length;
            const total = Math.max(results.totals?.[group.id] ?? count, count);
            // the group's list, filtered by the same text, has all of them
            const listPath = `${resource.path}?${new URLSearchParams({ filter: JSON.stringify({ q: searched }) })}`;
            const subheader = (
              <ListSubheader disableSticky sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {translate(`search.${group.id}`)}
                {count > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {results.estimated?.includes(group.id)
                      ? translate('search.countAbout', { shown: count, total: roughCount(total) })
                      : translate('search.count', { shown: count, total })}
                  </Typography>
                )}
                {total > count && (
                  <Button size="small" component={Link} to={listPath} onClick={onClose} sx={{ ml: 'auto' }}>
                    {translate('search.seeAll')}
                  </Button>
                )}
              </ListSubheader>
            );
            return (
              <List key={group.id} dense aria-label={translate(`search.${group.id}`)} subheader={subheader}>
                {results[group.id].length === 0 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
                    {translate(group.empty)}
                  </Typography>
                ) : (
                  results[group.id].map((record) => (
                    <ListItemButton
                      key={record.id}
                      onClick={() => {
                        onClose();
                        navigate(group.path(record.id));
                      }}
                    >
                      <ListItemText primary={recordTitle(resource, record)} secondary={detail(group.id, record)} />
                    </ListItemButton>
                  ))
                )}
              </List>
            );
          })}
      </DialogContent>
    </Dialog>
  );
}

export function SearchButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('search.open')}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={translate('search.open')}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open && <SearchDialog open onClose={() => setOpen(false)} />}
    </>
  );
}
