import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { FrameSplitter, MAX_FRAME_LENGTH } from '../../server/gateway/framing.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');

// written by hand from the field layout; the 2-hex XOR of everything between `$` and `*`
const xor = (text: string) =>
  [...text]
    .reduce((a, c) => a ^ c.charCodeAt(0), 0)
    .toString(16)
    .toUpperCase()
    .padStart(2, '0');

const NORMAL =
  '$NRM,ROADRPA,2.1.3,NR,1,L,868347070000001,UP78AT4321,1,21112026,103015,26.449923,N,080.331871,E,42.5,87,12,131.4,0.9,0.7,AIRTEL,1,1,12.4,4.1,0,C,22,404,10,00D5,4B2F,4B30,00D5,20,4B31,00D5,18,4B32,00D5,15,4B33,00D5,12,1000,01,000123';

describe('AIS-140 frames', () => {
  it('decodes every field of a normal frame', () => {
    const outcome = parseFrame(`${NORMAL}*${xor(NORMAL.slice(1))}`, NOW);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.frame.kind !== 'position') throw new Error('not a position');
    expect(outcome.checksum).toBe('valid');
    const { frame } = outcome;
    expect(frame).toMatchObject({ imei: '868347070000001', packetType: 'NR', alertId: 1, live: true, event: null });
    expect(frame.position).toMatchObject({
      fixTime: '2026-11-21T10:30:15.000Z',
      latitude: 26.449923,
      longitude: 80.331871,
      speed: 42.5,
      heading: 87,
      satellites: 12,
      altitude: 131.4,
      ignition: true,
      gpsFix: true,
    });
    expect(frame.position.attributes).toMatchObject({
      vendorId: 'ROADRPA',
      firmwareVersion: '2.1.3',
      registration: 'UP78AT4321',
      pdop: 0.9,
      hdop: 0.7,
      networkOperator: 'AIRTEL',
      mainPower: true,
      mainVoltage: 12.4,
      batteryVoltage: 4.1,
      emergency: false,
      tamper: 'CLOSED',
      gsmSignal: 22,
      mcc: '404',
      mnc: '10',
      lac: '00D5',
      cellId: '4B2F',
      digitalInputs: '1000',
      digitalOutputs: '01',
      frameNumber: '000123',
    });
    expect(frame.position.attributes.neighbours).toEqual([
      { cellId: '4B30', lac: '00D5', signal: 20 },
      { cellId: '4B31', lac: '00D5', signal: 18 },
      { cellId: '4B32', lac: '00D5', signal: 15 },
      { cellId: '4B33', lac: '00D5', signal: 12 },
    ]);
    expect(outcome.unknownFields).toEqual([]);
  });

  it("lists a position's attributes in jsonb's key order, so PostgreSQL finds them sorted", () => {
    // jsonb's order: shorter keys first, then by their bytes
    const jsonbOrder = (keys: string[]) =>
      [...keys].sort((a, b) => a.length - b.length || Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const extras = `${NORMAL},EXTRA1`;
    // every field, a vendor's extra (unknownFields), and none after the coordinates
    const short = '$NRM,V,1,NR,10,L,868347070000003,UP1,1,21112026093000,26.5,N,80.3,E,0,0*';
    for (const text of [`${NORMAL}*${xor(NORMAL.slice(1))}`, `${extras}*${xor(extras.slice(1))}`, short]) {
      const outcome = parseFrame(text, NOW);
      if (!outcome.ok || outcome.frame.kind !== 'position') throw new Error(JSON.stringify(outcome));
      // completed as the store completes it (server/gateway/store.ts)
      const attributes = outcome.frame.position.attributes;
      attributes.checksum = outcome.checksum;
      if (outcome.unknownFields.length) attributes.unknownFields = outcome.unknownFields;
      const written = JSON.parse(JSON.stringify(attributes)) as Record<string, unknown>;
      expect(Object.keys(written)).toEqual(jsonbOrder(Object.keys(written)));
      for (const neighbour of written.neighbours as Record<string, unknown>[])
        expect(Object.keys(neighbour)).toEqual(jsonbOrder(Object.keys(neighbour)));
    }
  });

  it('accepts the `$,header` form, split inputs, southern and western hemispheres and vendor extras', () => {
    const text =
      '$,PVT,VEND,1.0,OS,17,H,868347070000002,KA01AB1234,1,01112026,000000,12.9716,S,77.5946,W,95.0,270,9,900,1.1,1.0,JIO,1,1,12.0,4.0,0,O,31,404,45,0A,0B,0C,0A,1,0D,0A,2,0E,0A,3,0F,0A,4,1,0,0,1,1,0,77,EXTRA1,EXTRA2*';
    const outcome = parseFrame(text, NOW);
    if (!outcome.ok || outcome.frame.kind !== 'position') throw new Error(JSON.stringify(outcome));
    expect(outcome.frame).toMatchObject({ packetType: 'OS', alertId: 17, live: false, event: 'OVERSPEED' });
    expect(outcome.frame.position).toMatchObject({ latitude: -12.9716, longitude: -77.5946, speed: 95 });
    expect(outcome.frame.position.attributes).toMatchObject({
      tamper: 'OPEN',
      digitalInputs: '1001',
      digitalOutputs: '10',
      frameNumber: '77',
      header: 'PVT',
    });
    expect(outcome.unknownFields).toEqual(['EXTRA1', 'EXTRA2']);
    expect(outcome.checksum).toBe('absent');
  });

  it('tolerates missing trailing fields and a combined date-time', () => {
    const outcome = parseFrame('$NRM,V,1,EA,10,L,868347070000003,UP1,1,21112026093000,26.5,N,80.3,E,0,0*', NOW);
    if (!outcome.ok || outcome.frame.kind !== 'position') throw new Error(JSON.stringify(outcome));
    expect(outcome.frame.event).toBe('SOS');
    expect(outcome.frame.position.fixTime).toBe('2026-11-21T09:30:00.000Z');
  });

  it('records a wrong checksum and checks CRC32 placed before the closing star', () => {
    expect(parseFrame(`${NORMAL}*00`, NOW)).toMatchObject({ ok: true, checksum: 'invalid' });
    const login = '$Header,ROADRPA,UP78AT4321,868347070000001,2.1.3,AIS140,26.449923,N,80.331871,E';
    const crc = (zlib.crc32(`${login.slice(1)},`) >>> 0).toString(16).toUpperCase().padStart(8, '0');
    const outcome = parseFrame(`${login},${crc}*`, NOW);
    expect(outcome).toMatchObject({
      ok: true,
      checksum: 'valid',
      frame: {
        kind: 'login',
        imei: '868347070000001',
        registration: 'UP78AT4321',
        vendorId: 'ROADRPA',
        protocol: 'AIS140',
        latitude: 26.449923,
      },
    });
  });

  it('reads padded fields, leap days and blank numbers as a device means them', () => {
    const text = '$NRM,V,1,NR,1,L, 868347070000004 ,UP1, 1 ,29022024, 235959 ,\u00a026.5,n,80.3 ,w,,7,,';
    const outcome = parseFrame(`${text}*`, NOW);
    if (!outcome.ok || outcome.frame.kind !== 'position') throw new Error(JSON.stringify(outcome));
    expect(outcome.frame.imei).toBe('868347070000004');
    expect(outcome.frame.position).toMatchObject({
      fixTime: '2024-02-29T23:59:59.000Z',
      latitude: 26.5,
      longitude: -80.3,
      speed: 0,
      heading: 7,
      satellites: null,
    });
    expect(parseFrame('$NRM,V,1,NR,1,L,868347070000004,UP1,1,010226,000000.250,26.5,N,80.3,E*', NOW)).toMatchObject({
      ok: true,
      frame: { position: { fixTime: '2026-02-01T00:00:00.000Z' } },
    });
  });

  it.each([
    ['no leap day', NORMAL.replace('21112026', '29022025'), 'invalid date or time "29022025 103015"'],
    ['a thirteenth month', NORMAL.replace('21112026', '01132026'), 'invalid date or time'],
    ['an hour of 24', NORMAL.replace('103015', '240000'), 'invalid date or time'],
    ['a year before 2000', NORMAL.replace('21112026', '21111999'), 'time out of range'],
    ['a short IMEI', NORMAL.replace('868347070000001', '86834707000001'), 'missing or invalid IMEI'],
    ['an impossible date', NORMAL.replace('21112026', '31022026'), 'invalid date or time "31022026 103015"'],
    ['a time far in the future', NORMAL.replace('21112026', '21112027'), 'time out of range'],
    ['latitude over 90', NORMAL.replace('26.449923,N', '126.449923,N'), 'latitude out of range'],
    ['a bad hemisphere', NORMAL.replace(',E,42.5', ',X,42.5'), 'invalid longitude hemisphere "X"'],
    ['text for a coordinate', NORMAL.replace('26.449923', '26.4A'), 'invalid latitude "26.4A"'],
    ['an unknown packet type', NORMAL.replace(',NR,1,L,', ',ZZ,1,L,'), 'unknown packet type "ZZ"'],
  ])('refuses %s with a reason', (_name, text, reason) => {
    const outcome = parseFrame(`${text}*`, NOW);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toContain(reason);
  });

  it('decodes the login, health, heartbeat and emergency frames', () => {
    expect(parseFrame('$LGN,ROADRPA,UP78AT4321,868347070000001,2.1.3,AIS140,26.4499,N,80.3318,E*', NOW)).toMatchObject({
      ok: true,
      frame: { kind: 'login', firmwareVersion: '2.1.3', longitude: 80.3318 },
    });
    expect(parseFrame('$HLM,ROADRPA,2.1.3,868347070000001,87,20,35,10,60,0000,0.5,1.2*', NOW)).toMatchObject({
      ok: true,
      frame: {
        kind: 'health',
        health: {
          batteryPercent: 87,
          lowBatteryThreshold: 20,
          memoryPercent: 35,
          updateRateIgnitionOn: 10,
          updateRateIgnitionOff: 60,
          digitalIo: '0000',
          analogInputs: ['0.5', '1.2'],
        },
      },
    });
    expect(parseFrame('$HBT,868347070000001*', NOW)).toMatchObject({
      ok: true,
      frame: { kind: 'heartbeat', imei: '868347070000001' },
    });
    const sos = parseFrame(
      '$,EPB,EMR,868347070000001,NM,21112026101500,A,26.4499,N,80.3318,E,130.0,12.5,3.2,G,UP78AT4321,+919876543210*',
      NOW,
    );
    expect(sos).toMatchObject({
      ok: true,
      frame: {
        kind: 'emergency',
        event: 'SOS',
        live: true,
        position: {
          speed: 12.5,
          fixTime: '2026-11-21T10:15:00.000Z',
          attributes: { provider: 'G', replyNumber: '+919876543210' },
        },
      },
    });
    expect(
      parseFrame(
        '$,EPB,SEM,868347070000001,SP,21112026101500,A,26.4499,N,80.3318,E,130.0,12.5,3.2,G,UP78AT4321,+919876543210*',
        NOW,
      ),
    ).toMatchObject({ ok: true, frame: { event: 'SOS_CLEARED', live: false } });
  });
});

describe('framing', () => {
  it('splits several frames in one read and joins one frame across reads', () => {
    const splitter = new FrameSplitter();
    expect(splitter.push('noise$A,1*\r\n$B,2*4F\r\n$C,').frames).toEqual(['$A,1*', '$B,2*4F']);
    expect(splitter.push('3').frames).toEqual([]);
    expect(splitter.push('\n$D,4*').frames).toEqual(['$C,3', '$D,4*']);
  });

  it('waits for a checksum cut across reads and takes it when the line goes quiet', () => {
    const splitter = new FrameSplitter();
    expect(splitter.push('$E,5*A').frames).toEqual([]);
    expect(splitter.push('B').frames).toEqual([]);
    expect(splitter.flush().frames).toEqual(['$E,5*AB']);
  });

  it('drops an endless frame at the length cap and finds the next one', () => {
    const splitter = new FrameSplitter();
    const result = splitter.push(`$${'x'.repeat(MAX_FRAME_LENGTH + 10)}$F,6*\n`);
    expect(result.overlong).toHaveLength(1);
    expect(result.frames).toEqual(['$F,6*']);
    expect(splitter.pending).toBe(0);
  });
});
