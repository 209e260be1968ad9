import demo from './demo.ts';
import vltd from './vltd.ts';
import smartcity from './smartcity.ts';
import devicemaker from './devicemaker.ts';
import type { Brand } from './types.ts';

export type { Brand };
export const brands: Record<Brand['id'], Brand> = { demo, vltd, smartcity, devicemaker };

/** The brand the server runs as (BRAND), written into index.html; vltd by default. */
export function currentBrand(): Brand {
  const id =
    typeof document === 'undefined'
      ? undefined
      : document.querySelector('meta[name="waymark-brand"]')?.getAttribute('content');
  return id && id in brands ? brands[id as Brand['id']] : vltd;
}
