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
import { resources } from '../../resources/modules.ts';
import {
  searchCategories,
  searchedResources,
  searchResultDetail,
  searchResultPath,
} from '../../resources/global-search.ts';
import { recordTitle, roughCount, type RecordLike } from '../../resources/display.ts';

/** Each group's first matches, and how many match in all (on the group's list). */
type Results = Record<string, (RecordLike & { id: string })[] | undefined> & {
  totals?: Record<string, number>;
  estimated?: string[];
};

/**
 * The global search (spec platform-shell §2): one text box submitted as a form, an optional
 * category, results grouped by the declarations with `globalSearch` (devices, vehicles, users...);
 * clearing the text resets.
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
  const groups = searchedResources(resources);
  const shown = groups.filter((resource) => !category || resource.globalSearch!.category === category);

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
            {searchCategories(resources).map((c) => {
              const resource = groups.find((g) => g.globalSearch!.category === c)!;
              return (
                <MenuItem key={c} value={c}>
                  {translate(resource.globalSearch!.label ?? resource.title)}
                </MenuItem>
              );
            })}
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
          shown.map((resource) => {
            const group = resource.globalSearch!.category;
            const heading = translate(resource.globalSearch!.label ?? resource.title);
            const found = results[group] ?? [];
            const count = found.length;
            const total = Math.max(results.totals?.[group] ?? count, count);
            // the group's list, filtered by the same text, has all of them
            const listPath = `${resource.path}?${new URLSearchParams({ filter: JSON.stringify({ q: searched }) })}`;
            const subheader = (
              <ListSubheader disableSticky sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {heading}
                {count > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {results.estimated?.includes(group)
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
              <List key={resource.name} dense aria-label={heading} subheader={subheader}>
                {count === 0 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
                    {translate(resource.globalSearch!.empty ?? 'search.noMatches')}
                  </Typography>
                ) : (
                  found.map((record) => (
                    <ListItemButton
                      key={record.id}
                      onClick={() => {
                        onClose();
                        navigate(searchResultPath(resource, record.id));
                      }}
                    >
                      <ListItemText
                        primary={recordTitle(resource, record)}
                        secondary={searchResultDetail(resource, record)}
                      />
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
