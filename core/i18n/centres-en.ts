/** Strings of the public centre viewers (SSC and RFC) and of an organisation's public listing settings. */
const centres = {
  SSC: {
    title: 'Sales and Service Centres',
    intro: 'Dealers who sell and service our trackers. Choose your state and district to find the nearest one.',
  },
  RFC: {
    title: 'Retro-Fitment Centres',
    intro:
      'Authorised centres that fit trackers to vehicles already on the road. Choose your state and district to find the nearest one.',
  },
  state: 'State',
  allStates: 'All states',
  district: 'District',
  allDistricts: 'All districts',
  search: 'Search by name or address',
  count: '%{smart_count} centre |||| %{smart_count} centres',
  empty: 'No centre matches these filters yet.',
  loadFailed: 'The centres could not be loaded. Try again in a moment.',
  call: 'Call %{name}',
  contacts: 'Contacts',
  showOnMap: 'Show on map',
  notOnMap: 'No map position published',
  map: 'Map of the centres',
  listing: {
    title: 'Public listing',
    intro:
      'What the public SSC and RFC viewers show about this organisation. Nothing is shown unless a kind is ticked.',
    isSsc: 'List as a sales and service centre (SSC)',
    isRfc: 'List as a retro-fitment centre (RFC)',
    address: 'Published address',
    district: 'District',
    state: 'State',
    phone: 'Published phone',
    latitude: 'Latitude',
    longitude: 'Longitude',
    pickHint: 'Click the map to place the centre, or type its latitude and longitude.',
    contacts: 'RFC contacts shown to the public (name and phone)',
    noCandidates: 'This organisation has no enabled users to name as contacts.',
    save: 'Save listing',
  },
};

export default centres;
