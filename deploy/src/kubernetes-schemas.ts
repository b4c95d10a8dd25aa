import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import type { KubeObject } from './kubernetes';

type Model = new (data: never) => { validate(): void };

/**
 * The API schemas the manifests are checked against, by apiVersion and kind: the Kubernetes API's
 * OpenAPI (kubernetes-models), KEDA's CRD (@kubernetes-models/keda) and prometheus-operator's
 * (@kubernetes-models/prometheus-operator). A kind the manifests start
 * using must be added here, so that nothing reaches a cluster unchecked.
 */
const MODELS: Record<string, Model> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
};

/**
 * What the schema of an object's kind finds wrong with it: types, required fields, enumerations and
 * formats. The schemas allow fields they do not name, so a misspelt optional field passes here.
 */
export function schemaProblems(object: KubeObject): string[] {
  const where = `${object.kind} ${object.metadata?.name}`;
  const model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!model)
    return [`${where}: no schema for ${object.apiVersion} ${object.kind} (add it to kubernetes-schemas.ts)`];
  try {
    new model(object as never).validate();
    return [];
  } catch (error) {
    return [`${where}: ${error instanceof Error ? error.message : String(error)}`];
  }
}
