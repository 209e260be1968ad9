/**
 * The columns of a table that fit its width, by the priorities their declarations give
 * (resources/column-priority.ts), and the panel under a row that shows the others. Used by the
 * one list table (ResourceList) and the report table (ReportPage): both are react-admin Datagrids,
 * whose header and body cells carry a `column-<source>` class.
 */
import { Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Box, Typography, useTheme } from '@mui/material';
import { useRecordContext, type RaRecord } from 'react-admin';
import { columnsToLeaveOut, type PrioritisedColumn } from '../../resources/column-priority.ts';

/** The class that shows every column for the length of a measurement. */
const MEASURING = 'column-fit-measuring';
/** The expand button's column before it has been drawn once (an icon button and its padding). */
const EXPANDER_WIDTH = 48;

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * The columns to leave out of the table in `box` now: each column's width as its content needs it
 * (the table laid out at its content's width, every column shown, its headers wrapped, within the
 * same task: nothing of it is painted) against the width the box has. Null while the box holds no
 * table (no rows).
 */
/**
 * react-admin's expand button is drawn for the mouse alone (aria-hidden, out of the tab order).
 * It is a MUI button already (role button, Enter and Space open it, aria-expanded, labelled with
 * ra.action.expand / ra.action.close in each language): put it back in reach of the keyboard and
 * of screen readers, for each row drawn. React sets neither attribute again while the row lives.
 */
function exposeExpanders(box: HTMLElement) {
  for (const button of box.querySelectorAll<HTMLElement>('.RaDatagrid-expandIcon[aria-hidden]')) {
    button.removeAttribute('aria-hidden');
    button.tabIndex = 0;
  }
}

function measure(box: HTMLElement, columns: readonly PrioritisedColumn[]): string[] | null {
  const table = box.querySelector('table');
  if (!table) return null;
  const width = table.style.width;
  table.classList.add(MEASURING);
  table.style.width = 'max-content';
  const widthOf = (selector: string) => table.querySelector(`thead ${selector}`)?.getBoundingClientRect().width;
  const widths: Record<string, number> = {};
  for (const column of columns) widths[column.name] = widthOf(`th.column-${column.name}`) ?? 0;
  const expander = widthOf('th.RaDatagrid-expandHeader');
  const total = table.getBoundingClientRect().width;
  table.style.width = width;
  table.classList.remove(MEASURING);
  const columnsWidth = Object.values(widths).reduce((sum, w) => sum + w, 0);
  return columnsToLeaveOut(columns, widths, {
    available: box.clientWidth,
    fixed: total - columnsWidth - (expander ?? 0),
    expander: expander ?? EXPANDER_WIDTH,
  });
}

/**
 * The columns that fit: measured again whenever the box changes width or the table its content
 * (rows of another page, columns chosen), and drawn before the browser paints (flushSync), so the
 * table is never seen with columns it cannot hold. `boxRef` goes on the element around the
 * Datagrid; `sx` hides the left-out columns' cells.
 */
export function useColumnFit(
  columns: readonly PrioritisedColumn[],
  /** On a phone, cells closer still and a narrower expand column (a list, whose columns are short values). */
  { tight = false }: { tight?: boolean } = {},
) {
  const theme = useTheme();
  // a state, not a ref: the box may come later (a report waiting for its vehicle draws no table)
  const [box, boxRef] = useState<HTMLDivElement | null>(null);
  const [out, setOut] = useState<string[]>([]);
  const latest = useRef(columns);
  useLayoutEffect(() => {
    latest.current = columns;
  });
  useLayoutEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      exposeExpanders(box);
      const next = measure(box, latest.current);
      if (next) flushSync(() => setOut((previous) => (sameNames(previous, next) ? previous : next)));
    };
    const resizes = new ResizeObserver(fit);
    resizes.observe(box);
    const changes = new MutationObserver(fit);
    changes.observe(box, { childList: true, subtree: true, characterData: true });
    return () => {
      resizes.disconnect();
      changes.disconnect();
    };
  }, [box]);
  const hidden = out.filter((name) => columns.some((c) => c.name === name));
  const sx = {
    // measured, a header counts at its narrowest (its words on lines of their own, as a narrow table wraps them)
    [`& table.${MEASURING} thead th > *`]: { display: 'inline-flex', width: 'min-content' },
    // on a phone, half (tight: a quarter) of the cells' side padding and a smaller expand button: room for more columns
    [theme.breakpoints.down('sm')]: {
      '& .MuiTableCell-sizeSmall:not(.MuiTableCell-paddingCheckbox):not(.MuiTableCell-paddingNone)': {
        px: tight ? 0.5 : 1,
      },
      '& table .RaDatagrid-expandHeader, & table .RaDatagrid-expandIconCell': {
        width: theme.spacing(tight ? 3.5 : 4.5),
      },
      // a sortable header's arrow only where the list is sorted by it (elsewhere it is drawn on hover, which a phone has not)
      '& thead .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
    },
    ...Object.fromEntries(hidden.map((name) => [`& table:not(.${MEASURING}) .column-${name}`, { display: 'none' }])),
  };
  return { boxRef, out: hidden, sx };
}

export interface LeftOutColumn {
  name: string;
  label: string;
  render: (record: RaRecord) => ReactNode;
}

/** Under a row (the Datagrid's expand panel): the columns left out at this width, as label and value. */
export function LeftOutColumns({ columns }: { columns: readonly LeftOutColumn[] }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box
      component="dl"
      data-testid="left-out-columns"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, py: 0.5 }}
    >
      {columns.map((column) => (
        <Fragment key={column.name}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {column.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {column.render(record)}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
