import forms from './forms-hi.ts';
import entities from './entities-hi.ts';
import stock from './stock-hi.ts';

/** Hindi labels of the resources, list table, forms and search, by area (each typed against its English file). */
const resources = { ...forms, resources: { ...entities, ...stock } };

export default resources;
