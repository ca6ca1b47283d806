"""Checks that the deployment files agree with the code and with each other: the services
(the four and the web edge), their ports, who subscribes to whom and whom each calls (all read from deploy/catalog.json, the
JSON form of the code's ServiceCatalog: `quench services --json`; a Swift test fails when
the two differ), one volume per service, a ping health check each. Called by
deploy/validate.sh:

    python3 deploy/validate_consistency.py compose RESOLVED_COMPOSE_YAML
    python3 deploy/validate_consistency.py k8s deploy/k8s
    python3 deploy/validate_consistency.py systemd deploy/systemd

Prints each problem and exits 1 when there is any.
"""
import json
import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
problems = []


def problem(message):
    problems.append(message)


def load_catalog():
    """The service catalog: [{name, executable, rpcPort, pubPort, userPubPort, upstreams, calls?, httpPort?}]."""
    with open(os.path.join(ROOT, "deploy", "catalog.json"), encoding="utf-8") as file:
        return json.load(file)["services"]


CATALOG = load_catalog()
SERVICES = [service["name"] for service in CATALOG]
UPSTREAMS = {service["name"]: service["upstreams"] for service in CATALOG}
PORTS = {service["name"]: (service["rpcPort"], service["pubPort"]) for service in CATALOG}
USER_PORTS = {service["name"]: service["userPubPort"] for service in CATALOG}
EXECUTABLES = {service["name"]: service["executable"] for service in CATALOG}
# The services each one is a client of without subscribing (the web edge calls all four).
CALLS = {service["name"]: service.get("calls", []) for service in CATALOG}
HTTP_PORTS = {service["name"]: service["httpPort"] for service in CATALOG if service.get("httpPort")}
# Every service whose endpoints a service needs: its upstreams and the ones it calls.
NEEDS = {name: UPSTREAMS[name] + [c for c in CALLS[name] if c not in UPSTREAMS[name]] for name in SERVICES}


def env_name(service):
    return service.upper().replace("-", "_")


def port_of(endpoint):
    match = re.search(r":(\d+)$", endpoint or "")
    return int(match.group(1)) if match else None


def volume_mount(volume):
    """(source, target) of a short ("src:/target:rw") or long ({source, target}) volume."""
    if isinstance(volume, str):
        parts = volume.split(":")
        return (parts[0], parts[1] if len(parts) > 1 else parts[0])
    return (volume.get("source"), volume.get("target"))


def check_compose(path):
    with open(path, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    services = document.get("services", {})
    if sorted(services) != sorted(SERVICES):
        problem(f"compose: services {sorted(services)}, expected {sorted(SERVICES)}")
    volumes = set()
    for name in SERVICES:
        service = services.get(name, {})
        rpc, pub = PORTS[name]
        environment = service.get("environment", {})
        if service.get("command") != [EXECUTABLES[name]]:
            problem(f"compose {name}: command {service.get('command')}, expected ['{EXECUTABLES[name]}']")
        for key, port in [("QUENCH_RPC_ENDPOINT", rpc), ("QUENCH_PUB_ENDPOINT", pub), ("QUENCH_USER_PUB_ENDPOINT", USER_PORTS[name])]:
            if port_of(environment.get(key)) != port:
                problem(f"compose {name}: {key}={environment.get(key)}, expected port {port}")
        for upstream in NEEDS[name]:
            for kind, port in [("RPC", PORTS[upstream][0]), ("PUB", PORTS[upstream][1])]:
                key = f"QUENCH_UPSTREAM_{env_name(upstream)}_{kind}"
                if environment.get(key) != f"tcp://{upstream}:{port}":
                    problem(f"compose {name}: {key}={environment.get(key)}, expected tcp://{upstream}:{port}")
        if name in HTTP_PORTS:
            http = HTTP_PORTS[name]
            key = f"QUENCH_{env_name(name)}_HTTP_PORT"
            if str(environment.get(key)) != str(http):
                problem(f"compose {name}: {key}={environment.get(key)}, expected {http}")
            def loopback_http(port):
                if isinstance(port, dict):
                    return port.get("host_ip") == "127.0.0.1" and str(port.get("published")) == str(http) and int(port.get("target", 0)) == http
                return str(port) in (f"127.0.0.1:{http}:{http}", f"127.0.0.1:{http}:{http}/tcp")
            if not any(loopback_http(p) for p in service.get("ports", [])):
                problem(f"compose {name}: should publish its HTTP port on the host's loopback only (127.0.0.1:{http}:{http})")
        test = " ".join(service.get("healthcheck", {}).get("test", []))
        if f"quench ping {name}" not in test or f"127.0.0.1:{rpc}" not in test:
            problem(f"compose {name}: the health check should ping {name} on port {rpc}: '{test}'")
        mounts = [volume_mount(v) for v in service.get("volumes", [])]
        mounts = [m for m in mounts if m[1] == "/var/lib/quench"]
        if len(mounts) != 1 or mounts[0][0] not in document.get("volumes", {}):
            problem(f"compose {name}: needs one named volume at /var/lib/quench, has {mounts}")
        else:
            volumes.add(mounts[0][0])
        targets = {s.get("target") for s in service.get("secrets", [])}
        if not {"secret-key", "probe.secret", "server.public"} <= targets:
            problem(f"compose {name}: secrets {sorted(t for t in targets if t)} lack the secret key or the probe's files")
        allow = environment.get("QUENCH_CURVE_ALLOW_LIST_FILE", "")
        folders = [volume_mount(v)[1] for v in service.get("volumes", [])]
        if not allow.endswith(f"/{name}.json") or os.path.dirname(allow) not in folders:
            problem(f"compose {name}: QUENCH_CURVE_ALLOW_LIST_FILE={allow} should be {name}.json in a mounted folder")
        if not service.get("read_only") or "ALL" not in service.get("cap_drop", []):
            problem(f"compose {name}: should run read_only with cap_drop ALL")
    if len(volumes) != len(SERVICES):
        problem(f"compose: each service needs its own volume, found {sorted(v for v in volumes if v)}")


def load_all(path):
    with open(path, encoding="utf-8") as file:
        return [d for d in yaml.safe_load_all(file) if d]


def check_k8s(folder):
    with open(os.path.join(folder, "kustomization.yaml"), encoding="utf-8") as file:
        kustomization = yaml.safe_load(file)
    for resource in kustomization.get("resources", []):
        if not os.path.exists(os.path.join(folder, resource)):
            problem(f"k8s kustomization: {resource} does not exist")
    config = {}
    for document in load_all(os.path.join(folder, "configmap.yaml")):
        if document.get("kind") == "ConfigMap":
            config.update(document.get("data", {}))
    publishers = sorted({upstream for upstreams in NEEDS.values() for upstream in upstreams})
    for upstream in publishers:
        for kind, port in [("RPC", PORTS[upstream][0]), ("PUB", PORTS[upstream][1])]:
            key = f"QUENCH_UPSTREAM_{env_name(upstream)}_{kind}"
            if config.get(key) != f"tcp://{upstream}:{port}":
                problem(f"k8s configmap: {key}={config.get(key)}, expected tcp://{upstream}:{port}")
    for name in SERVICES:
        documents = load_all(os.path.join(folder, f"{name}.yaml"))
        kinds = {(d["kind"], d["metadata"]["name"]) for d in documents}
        for wanted in [("Service", name), ("Service", f"{name}-headless"), ("StatefulSet", name)]:
            if wanted not in kinds:
                problem(f"k8s {name}.yaml: missing {wanted[0]} {wanted[1]}")
        rpc, pub = PORTS[name]
        for document in documents:
            if document["kind"] == "Service":
                ports = sorted(p["port"] for p in document["spec"]["ports"])
                wanted = sorted([rpc, pub, USER_PORTS[name]] + ([HTTP_PORTS[name]] if name in HTTP_PORTS else []))
                if ports != wanted:
                    problem(f"k8s {name}.yaml: Service {document['metadata']['name']} ports {ports}, expected {wanted}")
            if document["kind"] != "StatefulSet":
                continue
            spec = document["spec"]
            if spec.get("replicas") != 1:
                problem(f"k8s {name}: one replica per service (it owns its SQLite file), found {spec.get('replicas')}")
            claims = [c["metadata"]["name"] for c in spec.get("volumeClaimTemplates", [])]
            container = spec["template"]["spec"]["containers"][0]
            if container.get("command") != [EXECUTABLES[name]]:
                problem(f"k8s {name}: command {container.get('command')}")
            mounts = {m["name"]: m["mountPath"] for m in container.get("volumeMounts", [])}
            if "data" not in claims or mounts.get("data") != "/var/lib/quench":
                problem(f"k8s {name}: needs a PersistentVolumeClaim 'data' at /var/lib/quench")
            for probe in ["startupProbe", "readinessProbe", "livenessProbe"]:
                command = " ".join(container.get(probe, {}).get("exec", {}).get("command", []))
                if f"quench ping {name}" not in command or f"127.0.0.1:{rpc}" not in command:
                    problem(f"k8s {name}: {probe} should ping {name} on {rpc}: '{command}'")
            if "requests" not in container.get("resources", {}):
                problem(f"k8s {name}: no resource requests")
            env = {e["name"]: e.get("value") for e in container.get("env", [])}
            for key, port in [("QUENCH_RPC_ENDPOINT", rpc), ("QUENCH_PUB_ENDPOINT", pub), ("QUENCH_USER_PUB_ENDPOINT", USER_PORTS[name])]:
                if port_of(env.get(key)) != port:
                    problem(f"k8s {name}: {key}={env.get(key)}, expected port {port}")
            if name in HTTP_PORTS and str(env.get(f"QUENCH_{env_name(name)}_HTTP_PORT")) != str(HTTP_PORTS[name]):
                problem(f"k8s {name}: QUENCH_{env_name(name)}_HTTP_PORT should be {HTTP_PORTS[name]}")


def check_systemd(folder):
    for name in SERVICES:
        unit = os.path.join(folder, f"{EXECUTABLES[name]}.service")
        with open(unit, encoding="utf-8") as file:
            text = file.read()
        if f"ExecStart=/usr/local/bin/{EXECUTABLES[name]} --config /etc/quench/{name}.json" not in text:
            problem(f"{unit}: ExecStart should run {EXECUTABLES[name]} with /etc/quench/{name}.json")
        for setting in ["KillSignal=SIGTERM", "TimeoutStopSec=", "Restart=", f"StateDirectory=quench/{name}",
                        "ProtectSystem=strict", "NoNewPrivileges=yes", "PrivateTmp=yes", "ProtectHome=yes",
                        "CapabilityBoundingSet=\n", "RestrictAddressFamilies="]:
            if setting not in text:
                problem(f"{unit}: lacks {setting.strip()}")
        path = os.path.join(folder, "config", f"{name}.json")
        with open(path, encoding="utf-8") as file:
            config = json.load(file)
        rpc, pub = PORTS[name]
        if port_of(config["rpc"]["endpoint"]) != rpc or port_of(config["pub"]["endpoint"]) != pub \
                or port_of(config["user"]["pub"]["endpoint"]) != USER_PORTS[name]:
            problem(f"{path}: endpoints do not use ports {rpc}, {pub}, {USER_PORTS[name]}")
        upstream = config.get("upstream", {})
        if sorted(upstream) != sorted(NEEDS[name]):
            problem(f"{path}: upstreams {sorted(upstream)}, expected {sorted(NEEDS[name])}")
        if name in HTTP_PORTS and config.get("http", {}).get("port") != HTTP_PORTS[name]:
            problem(f"{path}: http.port should be {HTTP_PORTS[name]}")
        for other, endpoints in upstream.items():
            if port_of(endpoints.get("rpc")) != PORTS[other][0] or port_of(endpoints.get("pub")) != PORTS[other][1]:
                problem(f"{path}: upstream {other} should use ports {PORTS[other]}")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("compose", "k8s", "systemd"):
        print(__doc__, file=sys.stderr)
        return 64
    {"compose": check_compose, "k8s": check_k8s, "systemd": check_systemd}[sys.argv[1]](sys.argv[2])
    for message in problems:
        print(f"consistency: {message}")
    if not problems:
        print(f"consistency ({sys.argv[1]}): the {len(SERVICES)} services, their ports, upstreams, volumes and probes agree")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
