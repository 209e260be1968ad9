import { useMemo, useState } from 'react';
import { Chip, Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import AssessmentIcon from '@mui/icons-material/Assessment';
import SettingsIcon from '@mui/icons-material/Settings';
import { useLocation } from 'react-router-dom';
import { Menu as RaMenu, useGetIdentity, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { modules, type ModuleDefinition } from '../../resources/modules.ts';
import { hasPermission } from '../../core/permissions.ts';
import { moduleIcon } from './moduleIcons.tsx';

function Badge({ badge }: { badge?: 'new' | 'beta' }) {
  const translate = useTranslate();
  if (!badge) return null;
  return (
    <Chip
      component="span"
      size="small"
      color={badge === 'new' ? 'success' : 'warning'}
      label={translate(`layout.${badge}`)}
      sx={{ ml: 1, height: 18, fontSize: 11 }}
    />
  );
}

function ModuleItem({ module }: { module: ModuleDefinition }) {
  const translate = useTranslate();
  return (
    <RaMenu.Item
      to={module.path}
      primaryText={
        <>
          {translate(module.name)}
          <Badge badge={module.badge} />
        </>
      }
      leftIcon={moduleIcon(module.id)}
    />
  );
}

function Group({
  id,
  label,
  icon,
  items,
}: {
  id: string;
  label: string;
  icon: React.ReactNode;
  items: ModuleDefinition[];
}) {
  const translate = useTranslate();
  const location = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(() => items.some((m) => location.pathname.startsWith(m.path)));
  if (items.length === 0) return null;
  return (
    <>
      <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} data-testid={`menu-group-${id}`}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        {sidebarOpen && <ListItemText primary={translate(label)} />}
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding sx={{ pl: sidebarOpen ? 2 : 0 }}>
          {items.map((m) => (
            <ModuleItem key={m.id} module={m} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The sidebar: top items in order, then Reports and Management sorted by name; items the role lacks are hidden. */
export function Menu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const { identity } = useGetIdentity();
  const allowed = useMemo(
    () =>
      modules.filter(
        (m) => m.inMenu !== false && hasPermission(identity?.isSuperAdmin === true, permissions ?? [], m.id),
      ),
    [permissions, identity],
  );
  const sorted = (group: ModuleDefinition['group']) =>
    allowed.filter((m) => m.group === group).sort((a, b) => translate(a.name).localeCompare(translate(b.name)));
  return (
    <RaMenu>
      {allowed
        .filter((m) => m.group === 'top')
        .map((m) => (
          <ModuleItem key={m.id} module={m} />
        ))}
      <Group id="reports" label="menu.reportsGroup" icon={<AssessmentIcon />} items={sorted('reports')} />
      <Group id="management" label="menu.managementGroup" icon={<SettingsIcon />} items={sorted('management')} />
    </RaMenu>
  );
}
