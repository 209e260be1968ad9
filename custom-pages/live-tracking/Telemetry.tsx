import { Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../core/format/date.ts';
import { PACKET_EVENTS, type PositionFix, type VehicleState } from '../../resources/tracking.ts';

/** The decoded fields of a device's latest position, as the track route gives them (last_position and its attributes). */
export interface TrackedPosition extends PositionFix {
  receivedAt?: string;
  satellites: number | null;
  gpsFix: boolean;
  packetType?: string;
  attributes: Record<string, unknown>;
}

export interface TrackedVehicle {
  vehicleId: string;
  name: string;
  registrationNumber: string;
  imei: string | null;
  status: VehicleState;
  lastSeenAt: string | null;
  position: TrackedPosition | null;
}

/** The spec's telemetry labels for the selected vehicle (docs/tracking.md says where each comes from). */
export function Telemetry({ vehicle, health }: { vehicle: TrackedVehicle; health?: Record<string, unknown> | null }) {
  const translate = useTranslate();
  const p = vehicle.position;
  const a = p?.attributes ?? {};
  const t = (key: string) => translate(`tracking.telemetry.${key}`);
  const flag = (value: unknown, on = 'on', off = 'off') => (value === true ? t(on) : value === false ? t(off) : '—');
  const text = (value: unknown, unit = '') =>
    value === null || value === undefined || value === '' ? '—' : `${String(value)}${unit}`;
  const alarm = p?.packetType ? PACKET_EVENTS[p.packetType] : null;
  const inputs = typeof a.digitalInputs === 'string' ? a.digitalInputs : null;
  const rows: [string, string][] = p
    ? [
        ['vendorId', text(a.vendorId)],
        ['firmwareVersion', text(a.firmwareVersion)],
        ['alarm', alarm ? translate(`tracking.events.${alarm}`) : t('none')],
        ['satellites', text(p.satellites)],
        ['ignition', flag(p.ignition)],
        [
          'battery',
          [
            text(a.batteryVoltage, ' V'),
            health?.batteryPercent !== undefined ? `${String(health.batteryPercent)}%` : null,
          ]
            .filter(Boolean)
            .join(' · '),
        ],
        ['mainVoltage', text(a.mainVoltage, ' V')],
        ['latLng', `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`],
        ['speed', `${p.speed.toFixed(1)} km/h`],
        ['gpsFix', flag(p.gpsFix, 'yes', 'no')],
        ['heading', `${Math.round(p.heading)}°`],
        [
          'analogInputs',
          Array.isArray(health?.analogInputs) && (health.analogInputs as unknown[]).length
            ? (health.analogInputs as string[]).join(', ')
            : '—',
        ],
        ['digitalInputs', text(inputs)],
        ['pdopHdop', `${text(a.pdop)} / ${text(a.hdop)}`],
        ['emergency', flag(a.emergency, 'on', 'off')],
        ['tamper', a.tamper === 'OPEN' ? t('open') : a.tamper === 'CLOSED' ? t('closed') : text(a.tamper)],
        ['signal', text(a.gsmSignal, '/31')],
        ['distance', text(a.distance, ' km')],
        ['door', inputs ? (inputs[0] === '1' ? t('open') : t('closed')) : '—'],
      ]
    : [];
  return (
    <Box>
      <Typography variant="h6">{vehicle.registrationNumber}</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {vehicle.name} · {translate(`tracking.states.${vehicle.status}`)}
        {vehicle.lastSeenAt &&
          ` · ${translate('tracking.live.lastHeard', { time: formatDateTime(vehicle.lastSeenAt) })}`}
      </Typography>
      {!p && <Typography color="text.secondary">{translate('tracking.live.noPosition')}</Typography>}
      {p && (
        <Table size="small" aria-label={vehicle.registrationNumber}>
          <TableBody>
            {rows.map(([key, value]) => (
              <TableRow key={key}>
                <TableCell component="th" sx={{ color: 'text.secondary', pl: 0 }}>
                  {t(key)}
                </TableCell>
                <TableCell sx={{ pr: 0 }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
