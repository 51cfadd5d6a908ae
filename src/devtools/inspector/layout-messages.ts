import type { MachineChart } from '../machine-chart';

export interface LayoutRequest {
  id: number;
  chart: MachineChart;
  title: string;
}

export type LayoutReply =
  | { id: number; svg: string; width: number; height: number; error?: undefined }
  | { id: number; error: string; svg?: undefined };
