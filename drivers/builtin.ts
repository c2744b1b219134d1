/** The drivers the Seeder itself ships, in registration order. */
import type { SeederDriver } from './contract.ts';
import { CartwheelDriver } from './cartwheel/index.ts';
import { EmporiumDriver } from './emporium/index.ts';

export function builtinDrivers(): SeederDriver[] {
  return [new EmporiumDriver(), new CartwheelDriver()];
}
