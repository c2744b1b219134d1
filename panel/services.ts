/** A typed key for a service one plugin offers to others on the same site. */
export interface ServiceKey<T> {
  readonly id: string;
  /** Phantom field that carries the type; never set. */
  readonly __type?: T;
}

export function defineService<T>(id: string): ServiceKey<T> {
  return Object.freeze({ id });
}

/** The services the active plugins of one site offer each other (the store object layers, for example). */
export class ServiceRegistry {
  readonly #services = new Map<string, { owner: string; value: unknown }>();

  provide<T>(owner: string, key: ServiceKey<T>, value: T): () => void {
    const existing = this.#services.get(key.id);
    if (existing && existing.owner !== owner) {
      throw new Error(`Service "${key.id}" is already provided by plugin "${existing.owner}".`);
    }
    const entry = { owner, value };
    this.#services.set(key.id, entry);
    return () => {
      if (this.#services.get(key.id) === entry) this.#services.delete(key.id);
    };
  }

  /** The service, or undefined when no active plugin provides it. */
  get<T>(key: ServiceKey<T>): T | undefined {
    return this.#services.get(key.id)?.value as T | undefined;
  }

  has(key: ServiceKey<unknown>): boolean {
    return this.#services.has(key.id);
  }
}
