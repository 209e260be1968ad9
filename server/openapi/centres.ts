import { MAX_CENTRES_PAGE, MAX_CONTACTS } from '../../resources/centres.ts';
import { STATE_IDS } from '../../resources/india.ts';
import { said } from '../resources/messages.ts';
import { answers, answersSaying, obj, nullableText } from './shared.ts';

/**
 * The OpenAPI answers and examples of the centre directories: an organisation's own listing
 * (server/centres/listing.ts) and the public SSC and RFC viewers (server/centres/public.ts).
 */

const CONTACT = '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13';
const nullableNumber = { type: ['number', 'null'] };
const state = { type: 'string', enum: [...STATE_IDS] };

const listing = obj(
  {
    isSsc: { type: 'boolean' },
    isRfc: { type: 'boolean' },
    address: { type: 'string' },
    district: { type: 'string' },
    state: { type: 'string', enum: ['', ...STATE_IDS], description: "'' while unlisted" },
    phone: nullableText,
    latitude: nullableNumber,
    longitude: nullableNumber,
    contactUserIds: {
      type: 'array',
      maxItems: MAX_CONTACTS,
      items: { type: 'string', format: 'uuid' },
      description: "the organisation's users published as the RFC listing's contacts",
    },
  },
  ['isSsc', 'isRfc', 'address', 'district', 'state', 'phone', 'latitude', 'longitude', 'contactUserIds'],
);
const listingExample = {
  isSsc: true,
  isRfc: true,
  address: '12 Station Road, Charbagh',
  district: 'Lucknow',
  state: 'UP',
  phone: '+919812345678',
  latitude: 26.8467,
  longitude: 80.9462,
  contactUserIds: [CONTACT],
};
const withListing = obj({ listing }, ['listing']);

const centre = obj(
  {
    name: { type: 'string', description: "the organisation's trade name" },
    address: { type: 'string' },
    district: { type: 'string' },
    state,
    phone: nullableText,
    latitude: nullableNumber,
    longitude: nullableNumber,
    contacts: {
      type: 'array',
      items: obj({ name: { type: 'string' }, phone: { type: 'string' } }, ['name', 'phone']),
      description: 'RFC only: the contacts who opted in; always empty for SSC',
    },
  },
  ['name', 'address', 'district', 'state', 'phone', 'latitude', 'longitude', 'contacts'],
);

export const centreDocs = {
  listing: answers(
    obj(
      {
        listing,
        candidates: {
          type: 'array',
          maxItems: 200,
          items: obj({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, phone: nullableText }, [
            'id',
            'name',
            'phone',
          ]),
          description: "the organisation's enabled users, any of whom may be chosen as a contact",
        },
      },
      ['listing', 'candidates'],
    ),
    { listing: listingExample, candidates: [{ id: CONTACT, name: 'Ravi Kumar', phone: '+919812345678' }] },
    [400, 401, 403, 404, 429],
  ),
  listingExample,
  saved: answersSaying(said('api.centres.saved'), withListing, { listing: listingExample }, [400, 401, 403, 404, 429]),
  centres: answers(
    obj(
      {
        centres: { type: 'array', maxItems: MAX_CENTRES_PAGE, items: centre },
        total: { type: 'integer', minimum: 0 },
        page: { type: 'integer', minimum: 1 },
        perPage: { type: 'integer', minimum: 1, maximum: MAX_CENTRES_PAGE },
      },
      ['centres', 'total', 'page', 'perPage'],
    ),
    {
      centres: [
        {
          name: 'Metro Auto Dealers',
          address: listingExample.address,
          district: listingExample.district,
          state: listingExample.state,
          phone: listingExample.phone,
          latitude: listingExample.latitude,
          longitude: listingExample.longitude,
          contacts: [{ name: 'Ravi Kumar', phone: '+919812345678' }],
        },
      ],
      total: 1,
      page: 1,
      perPage: 50,
    },
    [400, 429],
  ),
  places: answers(
    obj(
      {
        states: {
          type: 'array',
          items: obj({ state, districts: { type: 'array', items: { type: 'string' } } }, ['state', 'districts']),
        },
      },
      ['states'],
    ),
    { states: [{ state: 'UP', districts: ['Kanpur', 'Lucknow'] }] },
    [400, 429],
  ),
};
