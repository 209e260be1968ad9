import { Box, Chip, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import LocalParkingIcon from '@mui/icons-material/LocalParking';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useTranslate } from 'react-admin';
import { formatTime } from '../../core/format/date.ts';
import { formatReportValue } from '../../resources/reports/format.ts';
import type { TimelineItem } from '../../resources/reports/timeline.ts';

/** The colour of each kind of item, on the rail and on the map. */
export const ITEM_COLOURS = { trip: '#1565c0', stop: '#c62828', event: '#ef6c00' } as const;

const ICONS = { trip: DirectionsCarIcon, stop: LocalParkingIcon, event: NotificationsActiveIcon };

/** What an item says: its title and the line under it. */
export function useItemText() {
  const translate = useTranslate();
  const km = (metres: number) =>
    translate('timeline.units.km', { value: formatReportValue('distance', metres, translate) });
  const clock = (seconds: number) => formatReportValue('duration', seconds, translate);
  return (item: TimelineItem): { title: string; detail: string } => {
    const span = item.kind === 'event' ? formatTime(item.start) : `${formatTime(item.start)} – ${formatTime(item.end)}`;
    if (item.kind === 'trip') {
      return {
        title: `${translate('timeline.trip')} · ${km(item.distanceMeters)} · ${clock(item.durationSeconds)}`,
        detail: [
          span,
          translate('timeline.averageSpeed', { speed: Math.round(item.averageSpeed) }),
          translate('timeline.maxSpeed', { speed: Math.round(item.maxSpeed) }),
        ].join(' · '),
      };
    }
    if (item.kind === 'stop') {
      const ignition =
        item.ignition === null ? [] : [translate(item.ignition ? 'timeline.ignitionOn' : 'timeline.ignitionOff')];
      return {
        title: `${translate('timeline.stop')} · ${clock(item.durationSeconds)}`,
        detail: [span, ...ignition].join(' · '),
      };
    }
    return { title: translate(`tracking.events.${item.type}`, { _: item.type }), detail: span };
  };
}

/**
 * The day as a vertical timeline: one button per trip, stop and alert in time order on a rail,
 * the chosen one highlighted (the map focuses it).
 */
export function TimelineList({
  items,
  selected,
  onSelect,
}: {
  items: TimelineItem[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const translate = useTranslate();
  const text = useItemText();
  return (
    <List
      dense
      aria-label={translate('timeline.items')}
      sx={{
        position: 'relative',
        py: 0,
        // the rail: a line behind the icons from the first item to the last
        '&::before': {
          content: '""',
          position: 'absolute',
          left: 31,
          top: 20,
          bottom: 20,
          width: 2,
          bgcolor: 'divider',
        },
      }}
    >
      {items.map((item) => {
        const Icon = ICONS[item.kind];
        const { title, detail } = text(item);
        return (
          <ListItemButton
            key={item.id}
            selected={selected === item.id}
            aria-current={selected === item.id ? 'true' : undefined}
            onClick={() => onSelect(item.id)}
            data-testid={`timeline-item-${item.kind}`}
            sx={{ alignItems: 'flex-start', borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 44, mt: 0.5 }}>
              <Box
                sx={{
                  width: 30,
                  height: 30,
                  borderRadius: '50%',
                  bgcolor: ITEM_COLOURS[item.kind],
                  color: '#fff',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  position: 'relative',
                  zIndex: 1,
                  boxShadow: 1,
                }}
              >
                <Icon sx={{ fontSize: 18 }} />
              </Box>
            </ListItemIcon>
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                    {title}
                  </Typography>
                  {item.kind !== 'event' && item.open && (
                    <Chip size="small" color="success" label={translate('timeline.ongoing')} />
                  )}
                </Box>
              }
              secondary={detail}
            />
          </ListItemButton>
        );
      })}
    </List>
  );
}
