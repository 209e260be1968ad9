import { useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate, indianIsoDay, parseIndianDate } from '../../resources/format/date.ts';
import { presetSoFar, type PresetName as PeriodPreset } from '../../resources/reports/period.ts';
import { PERIOD_PRESETS, type PeriodPresetName } from '../../resources/reports/define.ts';

/** A chosen period: the Asia/Kolkata days the charts ask for, and the filter a report link carries. */
export interface ChosenPeriod {
  fromDay: string;
  toDay: string;
  /** The preset, or from/to instants ([from, to)) for custom days: a report page's filter. */
  filter: Record<string, string>;
}

export function periodOf(preset: PeriodPreset, now = Date.now()): ChosenPeriod {
  const { from, to } = presetSoFar(preset, now);
  return { fromDay: indianIsoDay(from), toDay: indianIsoDay(to.getTime() - 1), filter: { preset } };
}

function customPeriod(fromText: string, toText: string): ChosenPeriod | null {
  const from = parseIndianDate(fromText);
  const to = parseIndianDate(toText);
  if (!from || !to || from > to) return null;
  const end = new Date(to.getTime() + 86_400_000);
  return { fromDay: indianIsoDay(from), toDay: indianIsoDay(to), filter: { from: from.toISOString(), to: end.toISOString() } };
}

/** The report presets as toggle buttons; Custom shows two dd/MM/yyyy days and a Show button. */
export function PeriodPicker({ value, onChange }: { value: PeriodPresetName; onChange: (preset: PeriodPresetName, period: ChosenPeriod) => void }) {
  const translate = useTranslate();
  const [fromText, setFromText] = useState(() => formatDate(Date.now()));
  const [toText, setToText] = useState(() => formatDate(Date.now()));
  const [bad, setBad] = useState(false);
  const choose = (next: PeriodPresetName) => {
    if (next === 'custom') onChange('custom', customPeriod(fromText, toText) ?? periodOf('today'));
    else onChange(next, periodOf(next));
  };
  const showCustom = () => {
    const period = customPeriod(fromText, toText);
    setBad(!period);
    if (period) onChange('custom', period);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      {/* buttons where they fit, a drop-down on narrower screens */}
      <ToggleButtonGroup size="small" exclusive value={value} aria-label={translate('dashboard.period')} sx={{ display: { xs: 'none', lg: 'flex' } }}
        onChange={(_e, next: PeriodPresetName | null) => next && choose(next)}>
        {PERIOD_PRESETS.map((p) => <ToggleButton key={p} value={p} sx={{ whiteSpace: 'nowrap' }}>{translate(`dashboard.presets.${p}`)}</ToggleButton>)}
      </ToggleButtonGroup>
      <TextField select size="small" label={translate('dashboard.period')} value={value} onChange={(e) => choose(e.target.value as PeriodPresetName)}
        sx={{ display: { xs: 'flex', lg: 'none' }, minWidth: 170 }}>
        {PERIOD_PRESETS.map((p) => <MenuItem key={p} value={p}>{translate(`dashboard.presets.${p}`)}</MenuItem>)}
      </TextField>
      {value === 'custom' && (
        <>
          <TextField size="small" label={translate('dashboard.from')} value={fromText} onChange={(e) => setFromText(e.target.value)} sx={{ width: 170 }} />
          <TextField size="small" label={translate('dashboard.to')} value={toText} onChange={(e) => setToText(e.target.value)} sx={{ width: 170 }} />
          <Button variant="contained" onClick={showCustom}>{translate('dashboard.show')}</Button>
        </>
      )}
      {bad && <Alert severity="warning" sx={{ flexBasis: '100%' }}>{translate('dashboard.badDates')}</Alert>}
    </Box>
  );
}
