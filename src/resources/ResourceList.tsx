import {
  AutocompleteInput,
  BooleanField,
  FilterButton,
  FilterList,
  FilterListItem,
  BulkDeleteWithConfirmButton,
  Datagrid,
  FunctionField,
  ImageField,
  ListBase,
  ListToolbar,
  NullableBooleanInput,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  useCanAccess,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { Box, Button, Card, CardContent, LinearProgress, Typography, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { fieldLabel } from '../../resources/define.ts';
import { findResource } from '../../resources/modules.ts';
import { hasView } from '../../providers/resourceAccess.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import {
  columnLabel,
  displayValue,
  PICKER_OPTIONS,
  recordTitle,
  roughCount,
  type RecordLike,
} from '../../resources/display.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { RowActionMenu } from './RowActionMenu.tsx';
import { useAllowedRowActions } from './rowActionAccess.ts';
import { usePickable } from './pickable.ts';
import { resourcePath } from './paths.ts';
import { resourceActions } from './actions/index.ts';
import { useState } from 'react';
import { listColumnPriorities } from '../../resources/column-priority.ts';
import { LeftOutColumns, useColumnFit } from './ColumnFit.tsx';

export const PAGE_SIZES = [5, 10, 15];

/** The pagination; above the server's exact-count limit the total is its estimate, and says so. */
function ListPagination() {
  const { meta } = useListContext();
  const translate = useTranslate();
  const estimated = Boolean((meta as { totalEstimated?: boolean } | undefined)?.totalEstimated);
  const labelDisplayedRows = ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate('list.aboutRange', { from, to, count: roughCount(count) });
  return <Pagination rowsPerPageOptions={PAGE_SIZES} {...(estimated ? { labelDisplayedRows } : {})} />;
}

/** The filter bar: the search box over searchable fields, then one input per filterable field. */
function filtersOf(
  resource: ResourceDeclaration,
  translate: (key: string) => string,
  pickable: (target: string) => boolean,
) {
  const inputs = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(resource.searchPlaceholder ?? 'list.search')} />,
  ];
  for (const [name, field] of Object.entries(resource.fields)) {
    // a reference filter the role may not pick from is not offered: its list would be refused
    if (!field.filterable || (field.type === 'reference' && !pickable(field.reference))) continue;
    const label = fieldLabel(resource, name);
    if (field.type === 'choice')
      inputs.push(
        <SelectInput
          key={name}
          source={name}
          label={label}
          choices={field.choices.map((c) => ({
            id: c,
            name: field.choiceLabels ? translate(`${field.choiceLabels}.${c}`) : c,
          }))}
        />,
      );
    else if (field.type === 'boolean') inputs.push(<NullableBooleanInput key={name} source={name} label={label} />);
    else if (field.type === 'reference') {
      const target = findResource(field.reference);
      inputs.push(
        <ReferenceInput key={name} source={name} reference={field.reference} perPage={PICKER_OPTIONS}>
          <AutocompleteInput
            label={label}
            optionText={(r: RecordLike) => (target ? recordTitle(target, r) : String(r.id))}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>,
      );
    } else inputs.push(<TextInput key={name} source={name} label={label} />);
  }
  return inputs;
}

function Column({
  resource,
  name,
}: {
  resource: ResourceDeclaration;
  name: string;
  /** Read by the Datagrid: the cells' and header's `column-<source>` class. */
  source?: string;
  label?: string;
  sortable?: boolean;
}) {
  const translate = useTranslate();
  const field = resource.fields[name]!;
  if (field.type === 'boolean') return <BooleanField source={name} />;
  if (field.type === 'image') return <ImageField source={name} sx={{ '& img': { maxWidth: 40, maxHeight: 40 } }} />;
  return (
    <FunctionField source={name} render={(record: RecordLike) => displayValue(resource, name, record, translate)} />
  );
}

function BulkDelete({ resource }: { resource: ResourceDeclaration }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource.name);
  const { canAccess } = useCanAccess({ resource: resource.name, action: 'delete' });
  if (!canAccess || !resource.permissions.delete) return null;
  return (
    <BulkDeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle="list.deleteTitle"
      confirmContent="list.deleteNote"
      mutationOptions={{
        onSuccess: (ids?: unknown[]) => {
          notify('list.deletedMany', { type: 'success', messageArgs: { smart_count: ids?.length ?? 0 } });
          unselectAll();
          refresh();
        },
      }}
    />
  );
}

/** A bulk action of the entity (allocate devices), offered to a role holding its permission id. */
function BulkAction({ resource, id, label }: { resource: ResourceDeclaration; id: string; label: string }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource.name);
  const { selectedIds } = useListContext();
  const { canAccess } = useCanAccess({ resource: resource.name, action: id });
  const [open, setOpen] = useState(false);
  const Dialog = resourceActions[id]?.Dialog;
  if (!canAccess || !Dialog) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      {open && (
        <Dialog
          ids={selectedIds.map(String)}
          onClose={(done) => {
            setOpen(false);
            if (done) {
              unselectAll();
              refresh();
            }
          }}
        />
      )}
    </>
  );
}

/** Whether the entity has any bulk action at all (deleting, or a bulk row action); each is checked for the role when drawn. */
const hasBulkActions = (resource: ResourceDeclaration) =>
  Boolean(resource.permissions.delete) || (resource.rowActions ?? []).some((a) => resourceActions[a.id]?.bulk);

function BulkActions({ resource }: { resource: ResourceDeclaration }) {
  return (
    <>
      {(resource.rowActions ?? [])
        .filter((a) => resourceActions[a.id]?.bulk)
        .map((a) => (
          <BulkAction key={a.id} resource={resource} id={a.id} label={a.label} />
        ))}
      <BulkDelete resource={resource} />
    </>
  );
}

/** The Actions column stays at the table's right edge; the other columns scroll under it. */
const stickyActions = {
  '& .row-actions': {
    position: 'sticky',
    right: 0,
    bgcolor: 'background.paper',
    boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
  },
  '& thead .row-actions': { zIndex: 3 },
  '& tbody .row-actions': { zIndex: 1 },
  // the row's hover and selection tints, laid over the cell's own background
  '& tbody tr:hover .row-actions, & tbody tr.Mui-selected .row-actions': {
    backgroundImage: (theme: Theme) => `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
};

/** On a phone, the Actions column is its menu button and no more: its room goes to a column. */
const compactActions = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { '& .row-actions': { px: 0 }, '& .row-actions .MuiIconButton-root': { p: 0.25 } },
});

/** The table: the columns that fit its width by their declared priority, the others under each row (ColumnFit.tsx). */
/** The Actions header: on a phone, for screen readers alone (the column is its menu buttons), leaving the room to a column. */
function ActionsLabel() {
  const translate = useTranslate();
  const hidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' };
  return (
    <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: hidden })}>
      {translate('list.actions')}
    </Box>
  );
}

function Table({ resource }: { resource: ResourceDeclaration }) {
  const translate = useTranslate();
  const { isFetching } = useListContext();
  const allowedActions = useAllowedRowActions(resource);
  const { boxRef, out, sx } = useColumnFit(listColumnPriorities(resource), { tight: true });
  const leftOut = out.map((name) => ({
    name,
    label: columnLabel(resource, name, translate),
    render: () => <Column resource={resource} name={name} />,
  }));
  return (
    <>
      <LinearProgress sx={{ visibility: isFetching ? 'visible' : 'hidden' }} aria-hidden={!isFetching} />
      <Box ref={boxRef} sx={{ overflowX: 'auto', ...sx }}>
        <Datagrid
          sx={[stickyActions, compactActions]}
          // a tap on a row opens what its columns leave out
          rowClick={leftOut.length > 0 ? 'expand' : false}
          expand={leftOut.length > 0 ? <LeftOutColumns columns={leftOut} /> : undefined}
          // no selection boxes where nothing could be done with a selection (their column is room for data on a phone)
          bulkActionButtons={hasBulkActions(resource) ? <BulkActions resource={resource} /> : false}
          empty={
            <Typography sx={{ p: 3 }} color="text.secondary">
              {translate(resource.emptyMessage ?? 'ra.navigation.no_results')}
            </Typography>
          }
        >
          {resource.list.map((name) => (
            <Column
              key={name}
              resource={resource}
              name={name}
              source={name}
              label={columnLabel(resource, name, translate)}
              // a header sorts (react-admin's list sort, kept in the URL) where the server sorts: a declared sortable column of the table
              sortable={Boolean(resource.fields[name]?.sortable && !resource.fields[name]?.via)}
            />
          ))}
          {allowedActions && allowedActions.length > 0 && (
            <FunctionField
              label={<ActionsLabel />}
              textAlign="right"
              cellClassName="row-actions"
              headerClassName="row-actions"
              render={() => <RowActionMenu resource={resource} allowed={allowedActions} />}
            />
          )}
        </Datagrid>
      </Box>
      <ListPagination />
    </>
  );
}

/** The declaration's filterPanel: each choice field as a list of its values beside the table, on wide screens. */
function FilterPanel({ resource }: { resource: ResourceDeclaration }) {
  const translate = useTranslate();
  return (
    <Card sx={{ display: { xs: 'none', md: 'block' }, mr: 2, width: 200, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        {(resource.filterPanel ?? []).map((name) => {
          const field = resource.fields[name]!;
          if (field.type !== 'choice') return null;
          return (
            <FilterList key={name} label={fieldLabel(resource, name)} icon={null}>
              {field.choices.map((choice) => (
                <FilterListItem
                  key={choice}
                  value={{ [name]: choice }}
                  label={field.choiceLabels ? translate(`${field.choiceLabels}.${choice}`) : choice}
                />
              ))}
            </FilterList>
          );
        })}
      </CardContent>
    </Card>
  );
}

function HeaderAction({
  resource,
  action,
}: {
  resource: ResourceDeclaration;
  action: { id: string; label: string; path: string };
}) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: resource.name, action: action.id });
  return canAccess ? (
    <Button component={Link} to={action.path} variant="outlined">
      {translate(action.label)}
    </Button>
  ) : null;
}

/** A declared entity's list page: header with Add and its own actions, the filter bar and export menu, the table. */
export function ResourceList({ resource }: { resource: ResourceDeclaration }) {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: resource.name, action: 'create' });
  const pickable = usePickable(
    Object.values(resource.fields).flatMap((f) => (f.type === 'reference' && f.filterable ? [f.reference] : [])),
  );
  const [field, order] = resource.defaultSort;
  return (
    <ListBase
      resource={resource.name}
      perPage={10}
      sort={{ field, order }}
      disableSyncWithLocation={false}
      filterDefaultValues={resource.defaultFilter}
    >
      <PageHeader
        title={resource.title}
        subtitle={translate(`resources.${resource.name}.subtitle`, { _: '' }) || undefined}
        actions={
          <>
            {(resource.headerActions ?? []).map((action) => (
              <HeaderAction key={action.id} resource={resource} action={action} />
            ))}
            {canCreate && hasView(resource, 'create') && (
              <Button
                component={Link}
                to={resourcePath(resource, 'create')}
                variant="contained"
                startIcon={<AddIcon />}
              >
                {translate('list.add')}
              </Button>
            )}
          </>
        }
      />
      <Box sx={{ display: 'flex', minWidth: 0 }}>
        {resource.filterPanel && <FilterPanel resource={resource} />}
        {/* on a phone, the list reaches the window's edges (over the page's side padding): room for a column */}
        <Card sx={{ flex: 1, minWidth: 0, mx: { xs: -1, sm: 0 }, borderRadius: { xs: 0, sm: 1 } }}>
          {/* ListToolbar hands an sx of its own to nobody when its filters are a list: the inset is this box's */}
          <Box sx={{ px: 2 }}>
            <ListToolbar
              filters={filtersOf(resource, translate, pickable)}
              actions={
                <Box
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
                >
                  <FilterButton />
                  <ExportMenu resource={resource} />
                </Box>
              }
            />
          </Box>
          <Table resource={resource} />
        </Card>
      </Box>
    </ListBase>
  );
}
