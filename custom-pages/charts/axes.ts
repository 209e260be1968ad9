/**
 * The charts' axes (@mui/x-charts 8) sized to their tick labels, so that every label shows on every machine.
 *
 * x-charts draws an x axis 25 px high: under its 6 px tick and the 3 px gap below it, 16 px are left, and a tick
 * label taller than that is shortened to '' (not even "…" fits: ChartsXAxis/shortenLabels). Text 12 px high
 * takes its face's ascent and descent: 14 px in DejaVu Sans or Arial, 17 px in Noto Sans, the sans-serif of many
 * Linux desktops, where every x axis (dates, alert types, the horizontal chart's counts) lost all its labels
 * (issue 25). Here an x axis is as high as its labels measured in the theme's face, a value axis as wide as
 * its numbers, and category labels that would overlap are turned 45° (x-charts then thins them out only when
 * even turned they would overlap, as 31 days on a phone do).
 */
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useState, type RefCallback } from 'react';

/** The height x-charts gives an x axis; a chart whose x axis is higher grows by the difference. */
export const DEFAULT_X_AXIS_HEIGHT = 25;
/** x-charts' tick labels: the theme's face at 12 px. */
const FONT_SIZE = 12;
/** The tick and the gap between it and its label. */
const UNDER_TICK = 6 + 3;
/** Room for rounding and for a face that lays out a little wider than it measured. */
const SLACK = 4;
/** x-charts' margins left and right of the plot. */
const SIDE_MARGINS = 40;
/** The gap x-charts keeps between two tick labels. */
const LABEL_GAP = 4;
/** Turned labels: their axis grows no higher than this; a longer label ends in "…". */
const MAX_TURNED_HEIGHT = 120;

export interface LabelFit {
  /** The chart's width, 0 until it is laid out. */
  width: number;
  /** Width of a tick label's text. */
  textWidth(text: string): number;
  /** Height of a line of tick-label text: the face's ascent and descent, at least 1.5 em. */
  lineHeight: number;
}

/**
 * Measures tick labels in the theme's face and follows the width of the element the ref is put on (the
 * chart's box). Measured again once a face has loaded (the bundled Devanagari one loads when Hindi shows).
 */
export function useLabelFit(): [RefCallback<HTMLElement>, LabelFit] {
  const family = useTheme().typography.fontFamily;
  const [width, setWidth] = useState(0);
  const [fontsLoaded, setFontsLoaded] = useState(0);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts?.addEventListener) return;
    const loaded = () => setFontsLoaded((n) => n + 1);
    fonts.addEventListener('loadingdone', loaded);
    return () => fonts.removeEventListener('loadingdone', loaded);
  }, []);
  const measure = useMemo(() => {
    // an OffscreenCanvas: a page without one (jsdom) falls back to an estimate
    const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    if (context) context.font = `400 ${FONT_SIZE}px ${family}`;
    const sample = context?.measureText('Hg');
    const faceHeight = sample ? (sample.fontBoundingBoxAscent ?? 0) + (sample.fontBoundingBoxDescent ?? 0) : 0;
    return {
      textWidth: (text: string) => (context ? context.measureText(text).width : text.length * FONT_SIZE * 0.62),
      lineHeight: Math.ceil(Math.max(faceHeight, FONT_SIZE * 1.5)),
      fontsLoaded,
    };
  }, [family, fontsLoaded]);
  return [ref, { width, textWidth: measure.textWidth, lineHeight: measure.lineHeight }];
}

const widest = (fit: LabelFit, labels: string[]) => Math.max(0, ...labels.map((l) => fit.textWidth(l)));

/** An x axis of numbers or times (labels level, thinned by x-charts where they would overlap): its height. */
export function levelXAxis(fit: LabelFit) {
  return { height: fit.lineHeight + UNDER_TICK + SLACK };
}

/**
 * A band x axis of categories (alert types, days) shown as `labels`, beside a value axis `valueAxisWidth` wide:
 * level while every label fits its band, else turned 45° with the axis as high as the longest label needs,
 * and the chart's left margin wide enough for the first one to show in full.
 */
export function categoryXAxis(fit: LabelFit, labels: string[], valueAxisWidth: number) {
  const longest = widest(fit, labels);
  const step = fit.width ? (fit.width - valueAxisWidth - SIDE_MARGINS) / Math.max(1, labels.length) : Infinity;
  if (longest + LABEL_GAP <= step) return { axis: levelXAxis(fit), margin: { left: SIDE_MARGINS / 2 } };
  const reach = Math.ceil((longest + fit.lineHeight) * Math.SQRT1_2);
  return {
    axis: {
      height: Math.min(reach + UNDER_TICK + SLACK, MAX_TURNED_HEIGHT),
      tickLabelStyle: { angle: -45, textAnchor: 'end' as const },
    },
    margin: { left: Math.max(SIDE_MARGINS / 2, Math.ceil(reach - valueAxisWidth - step / 2) + SLACK) },
  };
}

/** A y axis of categories shown as `labels`: as wide as the longest one, up to `max` px. */
export function categoryYAxisWidth(fit: LabelFit, labels: string[], max: number) {
  return Math.min(Math.ceil(widest(fit, labels)) + UNDER_TICK + SLACK, max);
}

/**
 * A y axis of numbers up to `max`, each shown by `format` (x-charts' own: 12,345): as wide as the widest
 * tick label can be. The top tick may be rounded up past `max` (1,234 to 1,400), so a round number at least
 * as long is measured (2,000).
 */
export function valueYAxisWidth(fit: LabelFit, max: number, format: (value: number) => string = englishNumber) {
  const power = max > 0 ? 10 ** Math.floor(Math.log10(max)) : 1;
  const top = Math.ceil(max / power) * power;
  return Math.max(Math.ceil(fit.textWidth(format(top))) + UNDER_TICK + SLACK, 32);
}

const englishNumber = (value: number) => value.toLocaleString('en-US');
