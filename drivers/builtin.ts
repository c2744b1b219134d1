/** The drivers the Seeder itself ships, in registration order (registered by the Seeder plugin). */
import type { SeederDriver } from './contract.ts';
import { CartwheelDriver } from './cartwheel/index.ts';
import { EmporiumDriver } from './emporium/index.ts';
import { ownDriver } from './registry.ts';

export function builtinDrivers(): SeederDriver[] {
  return [new EmporiumDriver(), new CartwheelDriver()].map((d) => ownDriver(d, 'seeder'));
}
