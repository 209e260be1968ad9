import { isChecksumText, verifyChecksum, type ChecksumResult } from './checksum.ts';
import { PACKET_EVENTS } from '../../resources/tracking.ts';
import { FrameError, fail, flag, numberOrNull, parseCoordinate, parseTime } from './ais140-fields.ts';

/** The decoded fields of a position; `attributes` keeps everything not in its own column. */
export interface DecodedPosition {
  fixTime: string;
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
  altitude: number | null;
  satellites: number | null;
  ignition: boolean | null;
  gpsFix: boolean;
  attributes: Record<string, unknown>;
}

export interface HealthReport {
  vendorId: string | null;
  firmwareVersion: string | null;
  batteryPercent: number | null;
  lowBatteryThreshold: number | null;
  memoryPercent: number | null;
  updateRateIgnitionOn: number | null;
  updateRateIgnitionOff: number | null;
  digitalIo: string | null;
  analogInputs: string[];
}

export type ParsedFrame =
  | {
      kind: 'login';
      imei: string;
      vendorId: string | null;
      registration: string | null;
      firmwareVersion: string | null;
      protocol: string | null;
      latitude: number | null;
      longitude: number | null;
    }
  | {
      kind: 'position';
      imei: string;
      packetType: string;
      alertId: number | null;
      live: boolean;
      event: string | null;
      position: DecodedPosition;
    }
  | { kind: 'health'; imei: string; health: HealthReport }
  | { kind: 'emergency'; imei: string; live: boolean; event: 'SOS' | 'SOS_CLEARED'; position: DecodedPosition | null }
  | { kind: 'heartbeat'; imei: string }
  | { kind: 'command-reply'; imei: string | null; text: string };

export type ParseOutcome =
  | { ok: true; frame: ParsedFrame; checksum: ChecksumResult; unknownFields: string[] }
  | { ok: false; error: string; imei: string | null; checksum: ChecksumResult };

const IMEI = /^\d{15}$/;
const AIS140 = /^AIS-?140$/i;
const isEpb = (token: string | undefined) => token !== undefined && token.length === 3 && token.toUpperCase() === 'EPB';
/** Whether String#trim could remove this character: spaces, controls, and anything past Latin-1. */
const mayTrim = (code: number) => code <= 32 || code === 0xa0 || code > 0xff;

/** Splits the frame into its fields, the checksum the vendor sent and the texts it may cover. */
function fieldsOf(frame: string): { tokens: string[]; sent: string | null; covered: string[] } {
  const star = frame.indexOf('*');
  const body = star >= 0 ? frame.slice(0, star) : frame;
  const after = star >= 0 ? frame.slice(star + 1).trim() : '';
  const tokens = body.slice(1).split(',');
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (t !== '' && (mayTrim(t.charCodeAt(0)) || mayTrim(t.charCodeAt(t.length - 1)))) tokens[i] = t.trim();
  }
  while (tokens.length && tokens[0] === '') tokens.shift();
  while (tokens.length && tokens[tokens.length - 1] === '') tokens.pop();
  if (after) return { tokens, sent: after, covered: [body] };
  return { tokens, sent: null, covered: [] };
}

/** An inline checksum is the last field when it is hex of a known width and beyond the layout. */
function takeInlineChecksum(rest: string[], frame: string): { sent: string | null; covered: string[] } {
  const last = rest[rest.length - 1];
  if (last === undefined || !isChecksumText(last)) return { sent: null, covered: [] };
  rest.pop();
  const star = frame.indexOf('*');
  const body = star >= 0 ? frame.slice(0, star) : frame;
  const cut = body.lastIndexOf(last);
  return { sent: last, covered: [body.slice(0, cut), body.slice(0, cut - 1)] };
}

/** EPB names a frame kind, not a packet type of the normal frame. */
const isPacketType = (token: string | undefined) => {
  const t = (token ?? '').toUpperCase();
  return t !== 'EPB' && t in PACKET_EVENTS;
};

function findImei(tokens: string[], from = 0): number {
  for (let i = from; i < tokens.length; i += 1) if (tokens[i]!.length === 15 && IMEI.test(tokens[i]!)) return i;
  return -1;
}

interface Cursor {
  tokens: string[];
  at: number;
}
const next = (c: Cursor) => c.tokens[c.at++];

function parseNormal(tokens: string[], imeiAt: number, now: number): { frame: ParsedFrame; rest: string[] } {
  let ptAt = -1;
  for (let i = imeiAt - 1; i >= 0; i -= 1)
    if (isPacketType(tokens[i])) {
      ptAt = i;
      break;
    }
  if (ptAt < 0) fail(tokens[imeiAt - 3] ? `unknown packet type "${tokens[imeiAt - 3]}"` : 'no packet type');
  const packetType = tokens[ptAt]!.toUpperCase();
  const between = tokens.slice(ptAt + 1, imeiAt);
  const alertId = numberOrNull(between.find((t) => /^\d+$/.test(t)));
  const status = between.find((t) => /^[LH]$/i.test(t))?.toUpperCase() ?? 'L';
  const c: Cursor = { tokens, at: imeiAt + 1 };
  const imei = tokens[imeiAt]!;
  const registration = next(c) ?? null;
  const fixText = next(c) ?? '';
  let date = next(c) ?? '';
  let time: string;
  if (/^\d{14}$/.test(date)) [date, time] = [date.slice(0, 8), date.slice(8)];
  else time = next(c) ?? '';
  const fixTime = parseTime(date, time, now);
  const latitude = parseCoordinate(next(c) ?? '', next(c) ?? '', 'latitude');
  const longitude = parseCoordinate(next(c) ?? '', next(c) ?? '', 'longitude');
  const speed = numberOrNull(next(c)) ?? 0;
  const heading = numberOrNull(next(c)) ?? 0;
  const satellites = numberOrNull(next(c));
  const altitude = numberOrNull(next(c));
  const pdop = numberOrNull(next(c));
  const hdop = numberOrNull(next(c));
  const networkOperator = next(c) ?? null;
  const ignition = flag(next(c));
  const mainPower = flag(next(c));
  const mainVoltage = numberOrNull(next(c));
  const batteryVoltage = numberOrNull(next(c));
  const emergency = flag(next(c));
  const tamperText = next(c)?.toUpperCase();
  const tamper = tamperText === 'O' ? 'OPEN' : tamperText === 'C' ? 'CLOSED' : (tamperText ?? null);
  const gsmSignal = numberOrNull(next(c));
  const mcc = next(c) ?? null;
  const mnc = next(c) ?? null;
  const lac = next(c) ?? null;
  const cellId = next(c) ?? null;
  const neighbours: { lac: string; cellId: string; signal: number | null }[] = [];
  for (let n = 0; n < 4 && c.at + 2 < tokens.length; n += 1) {
    const cellOf = next(c)!;
    neighbours.push({ lac: next(c)!, cellId: cellOf, signal: numberOrNull(next(c)) });
  }
  const peek = () => tokens[c.at] ?? '';
  let digitalInputs: string | undefined;
  if (/^[01]{4}$/.test(peek())) digitalInputs = next(c);
  else if (/^[01]$/.test(peek())) digitalInputs = [next(c), next(c), next(c), next(c)].join('');
  let digitalOutputs: string | undefined;
  if (/^[01]{2}$/.test(peek())) digitalOutputs = next(c);
  else if (/^[01]$/.test(peek())) digitalOutputs = [next(c), next(c)].join('');
  const frameNumber = /^\d+$/.test(peek()) ? next(c) : undefined;
  // Keys in jsonb's order, shorter first and then by their bytes: PostgreSQL sorts every object's
  // keys as it parses it into jsonb, and keys already in order cost it one pass instead of a sort
  // (a third of the positions' jsonb parse). Undefined ones are left out of the JSON; the store
  // fills in checksum and unknownFields. tests/gateway/ais140.test.ts checks the order.
  const attributes: Record<string, unknown> = {
    lac,
    mcc,
    mnc,
    hdop,
    pdop,
    cellId,
    header: ptAt >= 3 ? tokens[ptAt - 3] : ptAt >= 1 && ptAt - 2 >= 0 ? tokens[0] : null,
    tamper,
    alertId,
    checksum: undefined,
    vendorId: ptAt >= 2 ? tokens[ptAt - 2] : null,
    emergency,
    gsmSignal,
    mainPower,
    neighbours,
    frameNumber,
    mainVoltage,
    registration,
    digitalInputs,
    unknownFields: undefined,
    batteryVoltage,
    digitalOutputs,
    firmwareVersion: ptAt >= 1 ? tokens[ptAt - 1] : null,
    networkOperator,
  };
  const gpsFix = fixText === '1' || fixText.toUpperCase() === 'A';
  const position: DecodedPosition = {
    fixTime,
    latitude,
    longitude,
    speed,
    heading,
    altitude,
    satellites,
    ignition,
    gpsFix,
    attributes,
  };
  return {
    frame: {
      kind: 'position',
      imei,
      packetType,
      alertId,
      live: status === 'L',
      event: eventOf(packetType, alertId),
      position,
    },
    rest: tokens.slice(c.at),
  };
}

/** EA with alert id 11 is the emergency button released. */
function eventOf(packetType: string, alertId: number | null): string | null {
  if (packetType === 'EA' && alertId === 11) return 'SOS_CLEARED';
  return PACKET_EVENTS[packetType] ?? null;
}

function parseLogin(tokens: string[], imeiAt: number): { frame: ParsedFrame; rest: string[] } {
  const at = (i: number) => tokens[imeiAt + i] ?? null;
  let latitude: number | null = null;
  let longitude: number | null = null;
  if (at(3) && at(4) && at(5) && at(6)) {
    latitude = parseCoordinate(at(3)!, at(4)!, 'latitude');
    longitude = parseCoordinate(at(5)!, at(6)!, 'longitude');
  }
  return {
    frame: {
      kind: 'login',
      imei: tokens[imeiAt]!,
      vendorId: imeiAt >= 2 ? tokens[imeiAt - 2]! : null,
      registration: imeiAt >= 1 ? tokens[imeiAt - 1]! : null,
      firmwareVersion: at(1),
      protocol: at(2),
      latitude,
      longitude,
    },
    rest: tokens.slice(imeiAt + 7),
  };
}

function parseHealth(tokens: string[], imeiAt: number): { frame: ParsedFrame; rest: string[] } {
  const at = (i: number) => tokens[imeiAt + i];
  const health: HealthReport = {
    vendorId: imeiAt >= 2 ? tokens[imeiAt - 2]! : null,
    firmwareVersion: imeiAt >= 1 ? tokens[imeiAt - 1]! : null,
    batteryPercent: numberOrNull(at(1)),
    lowBatteryThreshold: numberOrNull(at(2)),
    memoryPercent: numberOrNull(at(3)),
    updateRateIgnitionOn: numberOrNull(at(4)),
    updateRateIgnitionOff: numberOrNull(at(5)),
    digitalIo: at(6) ?? null,
    analogInputs: tokens.slice(imeiAt + 7, imeiAt + 9),
  };
  return { frame: { kind: 'health', imei: tokens[imeiAt]!, health }, rest: tokens.slice(imeiAt + 9) };
}

function parseEmergency(tokens: string[], epbAt: number, now: number): { frame: ParsedFrame; rest: string[] } {
  const kind = (tokens[epbAt + 1] ?? '').toUpperCase();
  const imeiAt = findImei(tokens, epbAt + 1);
  if (imeiAt < 0) fail('missing or invalid IMEI');
  const c: Cursor = { tokens, at: imeiAt + 1 };
  const live = (next(c) ?? 'NM').toUpperCase() !== 'SP';
  let date = next(c) ?? '';
  let time: string;
  if (/^\d{14}$/.test(date)) [date, time] = [date.slice(0, 8), date.slice(8)];
  else time = next(c) ?? '';
  const fixTime = parseTime(date, time, now);
  const gpsFix = ['A', '1'].includes((next(c) ?? '').toUpperCase());
  const latitude = parseCoordinate(next(c) ?? '', next(c) ?? '', 'latitude');
  const longitude = parseCoordinate(next(c) ?? '', next(c) ?? '', 'longitude');
  const altitude = numberOrNull(next(c));
  const speed = numberOrNull(next(c)) ?? 0;
  const attributes = {
    distance: numberOrNull(next(c)),
    provider: next(c) ?? null,
    registration: next(c) ?? null,
    replyNumber: next(c) ?? null,
  };
  const position: DecodedPosition = {
    fixTime,
    latitude,
    longitude,
    speed,
    heading: 0,
    altitude,
    satellites: null,
    ignition: null,
    gpsFix,
    attributes,
  };
  return {
    frame: { kind: 'emergency', imei: tokens[imeiAt]!, live, event: kind === 'SEM' ? 'SOS_CLEARED' : 'SOS', position },
    rest: tokens.slice(c.at),
  };
}

/**
 * Decodes one AIS-140 frame. Strict about what places a vehicle (IMEI, time, coordinates, packet
 * type); tolerant of padding, missing trailing fields and vendor extras, which are returned as
 * `unknownFields` for the raw log.
 */
export function parseFrame(frame: string, now = Date.now()): ParseOutcome {
  const { tokens, sent: afterStar, covered: afterCovered } = fieldsOf(frame);
  const head = (tokens[0] ?? '').toUpperCase();
  let imei: string | null = null;
  let checksum: ChecksumResult = 'absent';
  try {
    const imeiAt = findImei(tokens);
    imei = imeiAt >= 0 ? tokens[imeiAt]! : null;
    let parsed: { frame: ParsedFrame; rest: string[] };
    // an emergency frame names itself in its first or second field
    const epbAt = isEpb(tokens[0]) ? 0 : isEpb(tokens[1]) ? 1 : -1;
    if (head === 'CMD' || head === 'ACK' || head === 'RESP') {
      parsed = {
        frame: { kind: 'command-reply', imei, text: tokens.slice(imeiAt >= 0 ? imeiAt + 1 : 1).join(',') },
        rest: [],
      };
    } else if (epbAt >= 0) {
      parsed = parseEmergency(tokens, epbAt, now);
    } else if (imeiAt < 0) {
      return { ok: false, error: 'missing or invalid IMEI', imei: null, checksum };
    } else if (head === 'HBT' || head === 'HEARTBEAT') {
      parsed = { frame: { kind: 'heartbeat', imei: imei! }, rest: tokens.slice(imeiAt + 1) };
    } else if (head === 'LGN' || head === 'LOGIN' || (frame.includes('140') && tokens.some((t) => AIS140.test(t)))) {
      parsed = parseLogin(tokens, imeiAt);
    } else if (
      head === 'HLM' ||
      head === '02' ||
      head === 'HEALTH' ||
      (tokens[imeiAt - 3] ?? '').toUpperCase() === 'HP'
    ) {
      parsed = parseHealth(tokens, imeiAt);
    } else {
      parsed = parseNormal(tokens, imeiAt, now);
    }
    const rest = parsed.rest;
    if (afterStar !== null) {
      checksum = verifyChecksum(afterCovered, afterStar);
    } else {
      const inline = takeInlineChecksum(rest, frame);
      if (inline.sent) checksum = verifyChecksum(inline.covered, inline.sent);
    }
    return { ok: true, frame: parsed.frame, checksum, unknownFields: rest };
  } catch (error) {
    if (error instanceof FrameError) return { ok: false, error: error.message, imei, checksum };
    throw error;
  }
}
