/**
 * Where integration events go. Kafka in production; an in-process bus where no broker exists
 * (`npm start`). The relay only knows this port.
 */

export interface IntegrationMessage {
  /** Partition key: messages with one key stay in order. */
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface IntegrationPublisher {
  readonly name: string;
  /**
   * Publishes in order and resolves only once every message is durably acknowledged (for Kafka: written
   * to all in-sync replicas). A rejection means some may or may not have arrived: the caller retries them.
   */
  publish(topic: string, messages: IntegrationMessage[]): Promise<void>;
  /** Resolves once the broker can be reached (readiness); absent for the in-process bus, always reachable. */
  reachable?(): Promise<void>;
  close(): Promise<void>;
}
