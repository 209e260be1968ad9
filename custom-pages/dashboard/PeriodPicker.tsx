import { useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate, indianIsoDay, pickedDay, startOfIndianDay } from '../../core/format/date.ts';
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

/** The custom days as a period, or the message key of what is wrong with them. */
function customPeriod(fromText: string, toText: string): { period: ChosenPeriod } | { error: string } {
  const from = pickedDay(fromText);
  const to = pickedDay(toText);
  if ('error' in from) return from;
  if ('error' in to) return to;
  if (from.day > to.day) return { error: 'dashboard.badDates' };
  const end = startOfIndianDay(to.day, 1);
  return {
    period: {
      fromDay: indianIsoDay(from.day),
      toDay: indianIsoDay(to.day),
      filter: { from: from.day.toISOString(), to: end.toISOString() },
    },
  };
}

/** The report presets as toggle buttons; Custom shows two dd/MM/yyyy days and a Show button. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodPresetName;
  onChange: (preset: PeriodPresetName, period: ChosenPeriod) => void;
}) {
  const translate = useTranslate();
  const [fromText, setFromText] = useState(() => formatDate(Date.now()));
  const [toText, setToText] = useState(() => formatDate(Date.now()));
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (next: PeriodPresetName) => {
    if (next === 'custom') {
      const custom = customPeriod(fromText, toText);
      onChange('custom', 'period' in custom ? custom.period : periodOf('today'));
    } else onChange(next, periodOf(next));
  };
  const showCustom = () => {
    const custom = customPeriod(fromText, toText);
    setProblem('error' in custom ? custom.error : null);
    if ('period' in custom) onChange('custom', custom.period);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      {/* buttons where they fit, a drop-down on narrower screens */}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        aria-label={translate('dashboard.period')}
        sx={{ display: { xs: 'none', lg: 'flex' } }}
        onChange={(_e, next: PeriodPresetName | null) => next && choose(next)}
      >
        {PERIOD_PRESETS.map((p) => (
          <ToggleButton key={p} value={p} sx={{ whiteSpace: 'nowrap' }}>
            {translate(`dashboard.presets.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label={translate('dashboard.period')}
        value={value}
        onChange={(e) => choose(e.target.value as PeriodPresetName)}
        sx={{ display: { xs: 'flex', lg: 'none' }, minWidth: 170 }}
      >
        {PERIOD_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`dashboard.presets.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {value === 'custom' && (
        <>
          <TextField
            size="small"
            label={translate('dashboard.from')}
            value={fromText}
            onChange={(e) => setFromText(e.target.value)}
            sx={{ width: 170 }}
          />
          <TextField
            size="small"
            label={translate('dashboard.to')}
            value={toText}
            onChange={(e) => setToText(e.target.value)}
            sx={{ width: 170 }}
          />
          <Button variant="contained" onClick={showCustom}>
            {translate('dashboard.show')}
          </Button>
        </>
      )}
      {problem && (
        <Alert severity="warning" sx={{ flexBasis: '100%' }}>
          {translate(problem)}
        </Alert>
      )}
    </Box>
  );
}
