// Block type (programme config) → component.
import type { DashboardBlock } from '../../generated/config/programme';
import type { DashboardBlockComponent } from './portal-context';

export const BLOCKS: Partial<Record<DashboardBlock['type'], DashboardBlockComponent>> = {};
