// Which agent serves a store's runs (the host's, or one made for its endpoint), and which one reattaches.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import type { Observable } from 'rxjs';
import type { EndpointAgentOptions } from '../transport/endpoint-agent.js';
import type { PipelineModule } from './stages-loader.js';
import type { AgentLike } from './types.js';

/** An agent that can replay and tail a thread (`connect`, as @ag-ui/client's agents have). */
interface ConnectingAgent extends AgentLike {
  connect(input: RunAgentInput): Observable<BaseEvent>;
}

function canConnect(agent: AgentLike): agent is ConnectingAgent {
  return typeof (agent as Partial<ConnectingAgent>).connect === 'function';
}

export class AgentSource {
  /** The agent made for `endpoint` (the store owns it, so it never calls its `abortRun`). */
  own: AgentLike | null = null;

  constructor(
    public agent: AgentLike | null,
    private endpoint: EndpointAgentOptions | null,
    /** Where a restored thread reattaches: `POST` with the next run's input, answered with the thread's events. */
    public connectEndpoint: EndpointAgentOptions | null,
  ) {}

  setEndpoint(endpoint: EndpointAgentOptions | null): void {
    this.endpoint = endpoint;
    this.own = null;
  }

  /** The agent of the next run, or null when the store has neither an agent nor an endpoint. */
  resolve(pipeline: PipelineModule): AgentLike | null {
    if (this.agent) return this.agent;
    if (!this.endpoint) return null;
    this.own ??= pipeline.createEndpointAgent(this.endpoint);
    return this.own;
  }

  /**
   * The agent of a side run (an MCP App's request): a clone of the host's agent, so aborting it never touches the
   * visible run, else the store's own endpoint agent (each of its requests has its own abort).
   */
  side(pipeline: PipelineModule): AgentLike | null {
    const agent = this.agent;
    if (agent) return typeof agent.clone === 'function' ? agent.clone() : agent;
    return this.resolve(pipeline);
  }

  /** Whether a restored run can be reattached at all (it may still turn out that nothing is running). */
  get canReattach(): boolean {
    return this.connectEndpoint !== null || (this.agent !== null && canConnect(this.agent));
  }

  /** The agent whose `run` is the connect stream: the connect endpoint's, else the host agent's `connect`. */
  connector(pipeline: PipelineModule): AgentLike | null {
    if (this.connectEndpoint) return pipeline.createEndpointAgent(this.connectEndpoint);
    const agent = this.agent;
    if (agent && canConnect(agent)) return { run: (input) => agent.connect(input) };
    return null;
  }
}
