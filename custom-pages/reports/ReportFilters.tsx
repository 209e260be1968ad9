/**
 * A report's filter bar: the period (presets, or a custom dd/MM/yyyy range), the vehicle and group
 * pickers, the report's own filters and the search. Every choice goes into the list's filter, which
 * react-admin keeps in the URL (?filter=...), so a link opens the report as it was filtered.
 */
import { useEffect, useState } from 'react';
import { Autocomplete, Box, MenuItem, TextField, Typography } from '@mui/material';
import { useGetList, useGetMany, useListContext, useTranslate } from 'react-admin';
import type { ReportDeclaration, ReportExtraFilter } from '../../resources/reports/define.ts';
import { isPresetName, presetRange, PRESET_NAMES } from '../../resources/reports/period.ts';
import { formatDate, pickedDay, startOfIndianDay } from '../../core/format/date.ts';
import { PICKER_OPTIONS } from '../../resources/display.ts';

type Filter = Record<string, unknown>;
/** The bar's fields sit side by side, at their own widths (the theme makes text fields full width). */
const field = { size: 'small', fullWidth: false, margin: 'none' } as const;
/**
 * A field `width` px wide (a select: at least that, growing with its value), and at least as wide as
 * its label, which MUI otherwise cuts ("Min distance …"): a character of the label a `ch`
 * (Devanagari's combining signs count too, so Hindi errs wide), plus the field's padding and a
 * select's arrow. Never wider than the bar (a phone's fields are full width).
 */
const fitsLabel = (label: string, width: number, select = false) => {
  const labelWidth = `calc(${[...label].length}ch + ${select ? 56 : 28}px)`;
  return select
    ? { minWidth: `max(${width}px, ${labelWidth})`, maxWidth: '100%' }
    : { width, minWidth: labelWidth, maxWidth: '100%' };
};
const without = (filter: Filter, ...keys: string[]) =>
  Object.fromEntries(Object.entries(filter).filter(([k]) => !keys.includes(k)));

/** The period the filter stands for: its from/to, else its preset, else the report's default. */
export function shownPeriod(report: ReportDeclaration, filter: Filter): { from: Date; to: Date; preset: string } {
  if (typeof filter.from === 'string' && typeof filter.to === 'string')
    return { from: new Date(filter.from), to: new Date(filter.to), preset: 'custom' };
  const preset = isPresetName(filter.preset)
    ? filter.preset
    : isPresetName(report.defaultPreset)
      ? report.defaultPreset
      : 'today';
  return { ...presetRange(preset), preset };
}

function PeriodFilter({ report }: { report: ReportDeclaration }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const period = shownPeriod(report, filterValues);
  const lastDay = new Date(period.to.getTime() - 1);
  const [custom, setCustom] = useState(period.preset === 'custom');
  const [start, setStart] = useState(formatDate(period.from));
  const [end, setEnd] = useState(formatDate(lastDay));

  const choose = (value: string) => {
    if (value === 'custom') {
      // the custom range starts as the period shown
      setStart(formatDate(period.from));
      setEnd(formatDate(lastDay));
      setCustom(true);
      return;
    }
    setCustom(false);
    setFilters({ ...without(filterValues, 'from', 'to'), preset: value }, {});
  };
  const applyCustom = (startText: string, endText: string) => {
    const from = pickedDay(startText);
    const last = pickedDay(endText);
    if ('error' in from || 'error' in last || last.day < from.day) return;
    setFilters(
      {
        ...without(filterValues, 'preset'),
        from: from.day.toISOString(),
        to: startOfIndianDay(last.day, 1).toISOString(),
      },
      {},
    );
  };
  /** What is wrong with a typed day, shown under its field. */
  const dateError = (text: string) => {
    const picked = pickedDay(text);
    return 'error' in picked ? translate(picked.error) : undefined;
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        {...field}
        label={translate('reports.period')}
        value={custom ? 'custom' : period.preset}
        onChange={(e) => choose(e.target.value)}
        sx={{ minWidth: 160 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'report-period' } } }}
      >
        {[...PRESET_NAMES, 'custom'].map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`reports.presets.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {custom ? (
        <>
          <TextField
            {...field}
            label={translate('reports.from')}
            placeholder="dd/MM/yyyy"
            value={start}
            error={Boolean(dateError(start))}
            helperText={dateError(start)}
            sx={{ width: 140 }}
            onChange={(e) => {
              setStart(e.target.value);
              applyCustom(e.target.value, end);
            }}
          />
          <TextField
            {...field}
            label={translate('reports.to')}
            placeholder="dd/MM/yyyy"
            value={end}
            error={Boolean(dateError(end))}
            helperText={dateError(end)}
            sx={{ width: 140 }}
            onChange={(e) => {
              setEnd(e.target.value);
              applyCustom(start, e.target.value);
            }}
          />
        </>
      ) : (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="report-period-range"
        >{`${formatDate(period.from)} – ${formatDate(lastDay)}`}</Typography>
      )}
    </Box>
  );
}

type Vehicle = { id: string; registrationNumber: string; name: string };
const vehicleLabel = (v: Vehicle) =>
  v.name && v.name !== v.registrationNumber ? `${v.registrationNumber} (${v.name})` : v.registrationNumber;

/** The vehicles to report on: several, or (a single-vehicle report) exactly one, which the report waits for. */
function VehiclePicker({ single }: { single: boolean }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [search, setSearch] = useState('');
  const chosen = ([] as unknown[]).concat(filterValues.vehicleId ?? []).map(String);
  const { data: options = [] } = useGetList<Vehicle>('vehicle', {
    pagination: { page: 1, perPage: PICKER_OPTIONS },
    sort: { field: 'registrationNumber', order: 'ASC' },
    filter: search ? { q: search } : {},
  });
  const { data: selected = [] } = useGetMany<Vehicle>('vehicle', { ids: chosen }, { enabled: chosen.length > 0 });
  const common = {
    size: 'small' as const,
    sx: { width: 320 },
    options,
    getOptionLabel: vehicleLabel,
    filterOptions: (x: Vehicle[]) => x,
    isOptionEqualToValue: (a: Vehicle, b: Vehicle) => a.id === b.id,
    onInputChange: (_: unknown, value: string, reason: string) => {
      if (reason === 'input') setSearch(value);
    },
  };
  if (single) {
    return (
      <Autocomplete
        {...common}
        value={selected.find(Boolean) ?? null}
        onChange={(_, value) =>
          setFilters(value ? { ...filterValues, vehicleId: value.id } : without(filterValues, 'vehicleId'), {})
        }
        renderInput={(params) => <TextField {...params} margin="none" required label={translate('reports.vehicle')} />}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      multiple
      value={selected.filter(Boolean)}
      onChange={(_, value) =>
        setFilters(
          value.length ? { ...filterValues, vehicleId: value.map((v) => v.id) } : without(filterValues, 'vehicleId'),
          {},
        )
      }
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          label={translate('reports.vehicles')}
          placeholder={chosen.length ? '' : translate('reports.allVehicles')}
        />
      )}
    />
  );
}

function GroupPicker() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data: groups = [] } = useGetList<{ id: string; name: string }>('groups', {
    pagination: { page: 1, perPage: PICKER_OPTIONS },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <TextField
      select
      {...field}
      label={translate('reports.group')}
      value={String(filterValues.groupId ?? '')}
      sx={{ minWidth: 160 }}
      onChange={(e) =>
        setFilters(e.target.value ? { ...filterValues, groupId: e.target.value } : without(filterValues, 'groupId'), {})
      }
    >
      <MenuItem value="">{translate('reports.allGroups')}</MenuItem>
      {groups.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {g.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A typed filter (search, a number) waits for a pause in the typing before it asks the server. */
function TypedFilter({ name, label, type = 'text' }: { name: string; label: string; type?: 'text' | 'number' }) {
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useState(String(filterValues[name] ?? ''));
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text === String(filterValues[name] ?? '')) return;
      const value = type === 'number' ? Number(text) : text;
      setFilters(
        text.trim() && (type !== 'number' || Number.isFinite(value))
          ? { ...filterValues, [name]: value }
          : without(filterValues, name),
        {},
      );
    }, 400);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextField
      {...field}
      type={type}
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={fitsLabel(label, type === 'number' ? 150 : 220)}
    />
  );
}

function ExtraFilter({ filter }: { filter: ReportExtraFilter }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  if (filter.type !== 'choice')
    return <TypedFilter name={filter.name} label={translate(filter.label)} type={filter.type} />;
  return (
    <TextField
      select
      {...field}
      label={translate(filter.label)}
      value={String(filterValues[filter.name] ?? '')}
      sx={fitsLabel(translate(filter.label), 180, true)}
      onChange={(e) =>
        setFilters(
          e.target.value ? { ...filterValues, [filter.name]: e.target.value } : without(filterValues, filter.name),
          {},
        )
      }
    >
      <MenuItem value="">{translate('reports.all')}</MenuItem>
      {(filter.choices ?? []).map((c) => (
        <MenuItem key={c} value={c}>
          {filter.choiceLabels ? translate(`${filter.choiceLabels}.${c}`, { _: c }) : c}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ReportFilters({ report }: { report: ReportDeclaration }) {
  const translate = useTranslate();
  return (
    <Box data-testid="report-filters" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', p: 2 }}>
      {!report.noPeriod && <PeriodFilter report={report} />}
      {report.pickers.vehicle && <VehiclePicker single={report.pickers.vehicle === 'single'} />}
      {report.pickers.group && <GroupPicker />}
      {(report.extraFilters ?? []).map((f) => (
        <ExtraFilter key={f.name} filter={f} />
      ))}
      <TypedFilter name="q" label={translate('reports.search')} />
    </Box>
  );
}
