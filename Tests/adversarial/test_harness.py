"""The harness itself: a CURVE deployment answers, admits a user, and the CLI reaches it."""
import uuid


def test_every_service_answers_a_ping(deployment):
    for name in deployment.services:
        client = deployment.client(name)
        assert client.ping_ms() < 5000
        assert deployment.alive(name)


def test_a_user_logs_and_reads_back_through_the_cli(deployment):
    deployment.add_user("harness-user")
    client = deployment.client("intake", as_user="harness-user")
    key = str(uuid.uuid4())
    reply = client.request("intake.log", {"volume": 250, "unit": "ml"}, user="harness-user", key=key)
    assert "error" not in reply, reply
    status, today, stderr = deployment.cli("intakes", as_user="harness-user")
    assert status == 0, stderr
    assert any(intake["volumeMl"] == 250 for intake in today["intakes"]), today


def test_an_unknown_key_is_refused_at_the_handshake(deployment):
    import zmq
    ctx = zmq.Context.instance()
    socket = ctx.socket(zmq.DEALER)
    socket.setsockopt(zmq.LINGER, 0)
    public, secret = zmq.curve_keypair()
    socket.curve_publickey, socket.curve_secretkey = public, secret
    socket.curve_serverkey = deployment.services["intake"]["publicKey"].encode()
    socket.connect(deployment.services["intake"]["rpc"])
    from harness import envelope, pack
    socket.send_multipart([b"", pack(envelope("system.ping"))])
    assert socket.poll(1500, zmq.POLLIN) == 0
    socket.close(0)
