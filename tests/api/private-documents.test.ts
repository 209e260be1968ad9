import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, uploadPngs as upload, type Api } from './resource-fixtures.ts';

/**
 * Issue 24, "Private documents stay private": a rival dealer who learns the address of another
 * tenant's KYC file (or image) can neither name it in a fitment of its own (create, edit, bulk) nor
 * read it through such a fitment; the uploading tree, full certificate viewers of its fitments and
 * edits that keep a fitment's own links are unaffected (server/files/private-documents.ts).
 */

let server: TestServer;
let as: Record<string, Api>;
let devices: { id: string; imei: string; status: string; organisationId: string }[];
let orgs: Record<string, string>;
/** The dealer's uploads, named in its fitment. */
let kyc: string[];
let images: string[];
/** The dealer's fitment, recorded for its customer organisation (Sunrise Logistics). */
let fitmentId: string;
let rival: Api;
let rivalImages: string[];
/** The rival's two devices: one it never manages to fit, one it fits with its own uploads. */
let rivalDevices: { id: string; imei: string }[];

/** A whole fitment form: RC images, device images and KYC links as given. */
function form(
  imei: string,
  registrationNumber: string,
  phone: string,
  links: { rc: string[]; device: string[]; kyc: string[] },
  over: Record<string, unknown> = {},
) {
  return {
    vehicle: {
      category: 'TRUCK',
      registrationNumber,
      regDate: '2025-06-01',
      rto: 'Kanpur Nagar-UP78',
      rtoCode: 'UP_UP78',
      make: 'Tata',
      model: 'Ace',
      rcImages: links.rc,
    },
    device: { imei, panicButtonCount: 1, deviceImages: links.device },
    customer: {
      firstName: 'Kavita',
      lastName: 'Nair',
      phone,
      email: `kavita.${phone}@private.test`,
      address: '3 Park Street\nKanpur',
      kycDocs: links.kyc.map((link, i) => ({ name: i ? 'PAN' : 'AADHAR', link })),
    },
    fitter: null,
    fitmentDate: '2026-11-20',
    durationInDays: 365,
    deviceActivate: false,
    ...over,
  };
}

const signedIn = async (email: string, password = DEMO_PASSWORD): Promise<Api> => ({
  app: server.app,
  token: (await signIn(server.app, email, password)).token.access.token,
});
const total = async (url: string) =>
  Number((await call(as.superadmin!, 'GET', `${url}?range=[0,0]`)).headers['content-range']!.split('/')[1]);
const counts = async () => ({
  fitments: await total('/fitment'),
  users: await total('/users'),
  vehicles: await total('/vehicle'),
});
const read = (api: Api, link: string) => server.app.inject({ method: 'GET', url: link, headers: bearer(api.token) });
const dealerLinks = () => ({ rc: images.slice(0, 2), device: images.slice(2, 4), kyc });
const rivalLinks = () => ({ rc: rivalImages.slice(0, 2), device: rivalImages.slice(2, 4), kyc: [rivalImages[4]!] });

beforeAll(async () => {
  server = await startTestServer();
  ({ as, devices, orgs } = await demoWorld<(typeof devices)[number]>(server.app, [
    'superadmin',
    'dealer',
    'fitter',
    'customer',
    'distributer',
  ]));
  kyc = await upload(as.dealer!, 'DOC', 2);
  images = await upload(as.dealer!, 'IMAGE', 4);
  const device = devices.find((d) => d.organisationId === orgs['Metro Auto Dealers'] && d.status === 'ALLOCATED')!;
  const created = await call(
    as.dealer!,
    'POST',
    '/fitment',
    form(device.imei, 'UP78PD2401', '9811100401', dealerLinks(), { organisationId: orgs['Sunrise Logistics'] }),
  );
  expect(created.statusCode).toBe(201);
  fitmentId = created.json().id;

  // a rival dealer: a sibling organisation of the distributor, with a dealer and two devices of its own
  const organisation = await call(as.superadmin!, 'POST', '/organisation', {
    parentId: orgs['Bharat Telematics'],
    tradeName: 'Rival Motors',
    brandName: 'Rival Motors',
    isOnboarded: true,
    address: {},
  });
  expect(organisation.statusCode).toBe(201);
  const rivalOrg = organisation.json().id as string;
  const roles = (
    await call(as.superadmin!, 'GET', `/roles?range=[0,99]&filter=${encodeURIComponent('{"isSystem":true}')}`)
  ).json() as { id: string; name: string }[];
  const user = await call(as.superadmin!, 'POST', '/users', {
    firstName: 'Rival',
    lastName: 'Dealer',
    email: 'rival.dealer@private.test',
    phone: '9811100488',
    password: DEMO_PASSWORD,
    roleId: roles.find((r) => r.name === 'DEALER')!.id,
    organisationId: rivalOrg,
  });
  expect(user.statusCode).toBe(201);
  rival = await signedIn('rival.dealer@private.test');
  rivalDevices = [];
  for (const imei of ['861234567800401', '861234567800402']) {
    const made = await call(as.superadmin!, 'POST', '/device', { imei, status: 'ALLOCATED', organisationId: rivalOrg });
    expect(made.statusCode).toBe(201);
    rivalDevices.push(made.json());
  }
  rivalImages = [...(await upload(rival, 'IMAGE', 4)), ...(await upload(rival, 'DOC', 1))];
});
afterAll(async () => {
  await server?.close();
});

describe('a rival who learns a link', () => {
  it('cannot name it in a new fitment of its own: 400 on the field, nothing written', async () => {
    const before = await counts();
    const attempts: [Record<string, string[]>, string, string][] = [
      [
        { kyc: [kyc[0]!] },
        'customer.kycDocs',
        'A file in KYC documents was not uploaded by your organisation: upload it again',
      ],
      [
        { rc: images.slice(0, 2) },
        'vehicle.rcImages',
        'A file in RC Images was not uploaded by your organisation: upload it again',
      ],
      [
        { device: [rivalImages[2]!, images[2]!] },
        'device.deviceImages',
        'A file in Device Images was not uploaded by your organisation: upload it again',
      ],
      // an address nobody uploaded is no better
      [
        { kyc: ['/api/file/doc/00000000-0000-4000-8000-000000000024.png'] },
        'customer.kycDocs',
        'A file in KYC documents was not uploaded by your organisation: upload it again',
      ],
    ];
    for (const [links, field, text] of attempts) {
      const response = await call(
        rival,
        'POST',
        '/fitment',
        form(rivalDevices[0]!.imei, 'UP32RV0001', '9811100402', { ...rivalLinks(), ...links }),
      );
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({
        success: false,
        message: text,
        messageKey: 'api.files.notYours',
        errors: { [field]: text },
      });
      expect(body.errorKeys[field]).toEqual({
        key: 'api.files.notYours',
        values: { label: { key: expect.stringMatching(/^fitment\.fields\./) } },
      });
    }
    expect(await counts()).toEqual(before);
    expect((await call(as.superadmin!, 'GET', `/device/${rivalDevices[0]!.id}`)).json().status).toBe('ALLOCATED');
  });

  it('cannot add it to a fitment of its own by an edit: 400, the fitment unchanged', async () => {
    const own = await call(
      rival,
      'POST',
      '/fitment',
      form(rivalDevices[1]!.imei, 'UP32RV0002', '9811100403', rivalLinks()),
    );
    expect(own.statusCode).toBe(201);
    const before = (await call(rival, 'GET', `/fitment/${own.json().id}`)).json();
    const edited = await call(
      rival,
      'PUT',
      `/fitment/${own.json().id}`,
      form(
        rivalDevices[1]!.imei,
        'UP32RV0002',
        '9811100403',
        { ...rivalLinks(), kyc: [rivalImages[4]!, kyc[1]!] },
        { durationInDays: 730 },
      ),
    );
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({
      'customer.kycDocs': 'A file in KYC documents was not uploaded by your organisation: upload it again',
    });
    expect((await call(rival, 'GET', `/fitment/${own.json().id}`)).json()).toEqual(before);
  });

  it('cannot name it in a bulk activation: the row is named, no row is written', async () => {
    const before = await counts();
    const response = await call(rival, 'POST', '/activation/bulk', [
      { ...form(rivalDevices[0]!.imei, 'UP32RV0003', '9811100404', { ...rivalLinks(), kyc: [kyc[0]!] }), line: 2 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Row 2: A file in KYC documents was not uploaded by your organisation: upload it again',
      errors: { 'customer.kycDocs': 'A file in KYC documents was not uploaded by your organisation: upload it again' },
    });
    expect(await counts()).toEqual(before);
  });

  it('cannot read it, even through a fitment of its own that names it; the uploading tree and full certificate viewers of its fitment can', async () => {
    // a fitment of the rival's naming the link (here the super-admin's doing, whose writes any upload may serve; or a record from before this rule)
    const [own] = (await call(rival, 'GET', `/fitment?filter=${encodeURIComponent('{"q":"UP32RV0002"}')}`)).json() as {
      id: string;
    }[];
    const planted = await call(
      as.superadmin!,
      'PUT',
      `/fitment/${own!.id}`,
      form(rivalDevices[1]!.imei, 'UP32RV0002', '9811100403', { ...rivalLinks(), kyc: [kyc[0]!] }),
    );
    expect(planted.statusCode).toBe(200);
    expect((await call(rival, 'GET', `/certificate/${rivalDevices[1]!.imei}`)).json().owner.kycDocs).toEqual([
      { name: 'AADHAR', link: kyc[0] },
    ]);
    expect((await read(rival, kyc[0]!)).statusCode).toBe(404);
    expect((await read(rival, kyc[1]!)).statusCode).toBe(404);

    // the dealer that uploaded it, its fitter, the distributor above them, and the customer whose fitment it is (full certificate, outside the uploading tree)
    for (const who of ['dealer', 'fitter', 'distributer', 'customer', 'superadmin']) {
      const response = await read(as[who]!, kyc[0]!);
      expect({ who, status: response.statusCode }).toEqual({ who, status: 200 });
    }
  });
});

describe('the fitment that holds the links', () => {
  it("keeps them through an edit by a user who did not upload them, but takes no new link that user's tree did not upload", async () => {
    const editing = form(
      devices.find((d) => d.organisationId === orgs['Metro Auto Dealers'] && d.status === 'ALLOCATED')!.imei,
      'UP78PD2401',
      '9811100401',
      dealerLinks(),
    );
    // the dealer's fitter: same tree, not the uploader
    const byFitter = await call(as.fitter!, 'PUT', `/fitment/${fitmentId}`, { ...editing, durationInDays: 730 });
    expect(byFitter.statusCode).toBe(200);
    expect(byFitter.json().customer.kycDocs).toEqual([
      { name: 'AADHAR', link: kyc[0] },
      { name: 'PAN', link: kyc[1] },
    ]);

    // a fitment editor of the customer organisation, below the dealer: the links are the fitment's own, so they stay
    const role = await call(as.superadmin!, 'POST', '/roles', {
      name: 'FLEET EDITOR',
      organisationId: orgs['Sunrise Logistics'],
      authScopes: [{ id: 'fitment', allowed: true, actions: { 'edit-fitment': true, 'view-certificate': true } }],
    });
    expect(role.statusCode).toBe(201);
    const user = await call(as.superadmin!, 'POST', '/users', {
      firstName: 'Fleet',
      lastName: 'Editor',
      email: 'fleet.editor@private.test',
      phone: '9811100489',
      password: DEMO_PASSWORD,
      roleId: role.json().id,
      organisationId: orgs['Sunrise Logistics'],
    });
    expect(user.statusCode).toBe(201);
    const editor = await signedIn('fleet.editor@private.test');
    const kept = await call(editor, 'PUT', `/fitment/${fitmentId}`, { ...editing, durationInDays: 365 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      durationInDays: 365,
      vehicle: { rcImages: images.slice(0, 2) },
      device: { deviceImages: images.slice(2, 4) },
    });
    // and reads its KYC files as a full certificate viewer of it
    expect((await read(editor, kyc[1]!)).statusCode).toBe(200);

    // another of the dealer's uploads is not this fitment's, nor the editor's tree's
    const [other] = await upload(as.dealer!, 'DOC', 1);
    const before = (await call(editor, 'GET', `/fitment/${fitmentId}`)).json();
    const added = await call(editor, 'PUT', `/fitment/${fitmentId}`, {
      ...editing,
      customer: { ...editing.customer, kycDocs: [...editing.customer.kycDocs, { name: 'PAN', link: other }] },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({
      'customer.kycDocs': 'A file in KYC documents was not uploaded by your organisation: upload it again',
    });
    expect((await call(editor, 'GET', `/fitment/${fitmentId}`)).json()).toEqual(before);
    expect((await read(editor, other!)).statusCode).toBe(404);
  });
});
