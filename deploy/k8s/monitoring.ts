/**
 * The prometheus-operator's custom resources Verba uses (monitoring.coreos.com/v1): kubernetes-models
 * has no classes for them, so these are minimal typed objects with the same toJSON()/validate() shape as
 * its classes. validate() checks what the operator would otherwise ignore silently (a monitor without
 * endpoints, a rule without an expression); the rules' PromQL is checked by promtool in
 * deploy/observability.test.ts, on the alerts.yml these are read from.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface CrdMeta {
  name: string;
  namespace: string;
  labels?: Record<string, string>;
}

export interface ServiceMonitorSpec {
  selector: { matchLabels: Record<string, string> };
  namespaceSelector?: { matchNames: string[] };
  endpoints: { port: string; path?: string; interval?: string; scheme?: 'http' | 'https' }[];
}

export interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface RuleGroup {
  name: string;
  interval?: string;
  rules: Rule[];
}

export interface PrometheusRuleSpec {
  groups: RuleGroup[];
}

abstract class Custom<Kind extends string, Spec> {
  readonly apiVersion = 'monitoring.coreos.com/v1';
  abstract readonly kind: Kind;

  readonly metadata: CrdMeta;
  readonly spec: Spec;

  constructor(data: { metadata: CrdMeta; spec: Spec }) {
    this.metadata = data.metadata;
    this.spec = data.spec;
  }

  toJSON() {
    return { apiVersion: this.apiVersion, kind: this.kind, metadata: this.metadata, spec: this.spec };
  }

  validate(): void {
    const { name, namespace } = this.metadata;
    if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name)) throw new Error(`${this.kind}: metadata.name "${name}" is not a DNS label`);
    if (!namespace) throw new Error(`${this.kind} ${name}: metadata.namespace is required`);
    this.validateSpec(`${this.kind} ${name}`);
  }

  protected abstract validateSpec(what: string): void;
}

export class ServiceMonitor extends Custom<'ServiceMonitor', ServiceMonitorSpec> {
  readonly kind = 'ServiceMonitor';

  protected validateSpec(what: string): void {
    if (Object.keys(this.spec.selector.matchLabels).length === 0) throw new Error(`${what}: an empty selector selects every Service`);
    if (this.spec.endpoints.length === 0) throw new Error(`${what}: spec.endpoints is empty`);
    for (const e of this.spec.endpoints) if (!e.port) throw new Error(`${what}: an endpoint has no port name`);
  }
}

export class PrometheusRule extends Custom<'PrometheusRule', PrometheusRuleSpec> {
  readonly kind = 'PrometheusRule';

  protected validateSpec(what: string): void {
    if (this.spec.groups.length === 0) throw new Error(`${what}: spec.groups is empty`);
    for (const g of this.spec.groups) {
      if (!g.name || g.rules.length === 0) throw new Error(`${what}: group "${g.name}" has no name or no rules`);
      for (const r of g.rules) {
        if (!r.expr || !(r.alert ?? r.record)) throw new Error(`${what}: a rule in "${g.name}" needs expr and alert or record`);
      }
    }
  }
}

/** The alert rules of deploy/observability/alerts.yml (also loaded by the compose Prometheus): one source. */
export function alertGroups(file = path.join(import.meta.dirname, '..', 'observability', 'alerts.yml')): RuleGroup[] {
  return (parse(readFileSync(file, 'utf8')) as PrometheusRuleSpec).groups;
}
