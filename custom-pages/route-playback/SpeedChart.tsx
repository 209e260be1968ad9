import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { useTranslate } from 'react-admin';
import { formatTime } from '../../core/format/date.ts';
import { DEFAULT_X_AXIS_HEIGHT, levelXAxis, useLabelFit } from '../charts/axes.ts';
import type { Track } from './playback.ts';

/** Speed over time of one track, with a line that moves with the playback marker. */
export function SpeedChart({ track, time, colour }: { track: Track; time: number; colour: string }) {
  const translate = useTranslate();
  // the times' axis as high as its labels (axes.ts); x-charts thins them where they would overlap
  const timeAxis = levelXAxis(useLabelFit()[1]);
  return (
    <LineChart
      height={160 + timeAxis.height - DEFAULT_X_AXIS_HEIGHT}
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      xAxis={[{ data: track.times, scaleType: 'time', valueFormatter: (v: number) => formatTime(v), ...timeAxis }]}
      yAxis={[{ min: 0, width: 36 }]}
      series={[
        {
          data: track.points.map((p) => p.speed),
          showMark: false,
          color: colour,
          label: translate('tracking.playback.chart'),
          area: true,
        },
      ]}
      hideLegend
      skipAnimation
    >
      <ChartsReferenceLine x={time} lineStyle={{ stroke: '#212121', strokeDasharray: '4 2' }} />
    </LineChart>
  );
}
