// What every seed part is given. Its own module so the parts need not import the index that runs
// them (which would close a cycle).
export interface SeedOptions {
  now: Date;
}
