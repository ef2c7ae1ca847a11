package example

import java.security.MessageDigest
import javax.net.ssl.*

private const val DB_PASSWORD = "hunter2hunter2" // expect: kt.hardcoded-credential
private val password = System.getenv("DB_PASSWORD") // ok: kt.hardcoded-credential
private val greeting = "hello there" // ok: kt.hardcoded-credential

class Handlers(private val stmt: java.sql.Statement, private val db: SQLiteDatabase) {
    fun configure(cfg: DataSourceConfig) {
        cfg.password = "s3cr3t-pw" // expect: kt.hardcoded-credential
        cfg.password = System.getenv("PW") ?: "" // ok: kt.hardcoded-credential
    }

    fun run(host: String) {
        Runtime.getRuntime().exec("ping -c 1 $host") // expect: kt.command-injection
        Runtime.getRuntime().exec("ping -c 1 " + host) // expect: kt.command-injection
        Runtime.getRuntime().exec(arrayOf("ping", "-c", "1", host)) // ok: kt.command-injection
        ProcessBuilder("sh", "-c", "tar czf /tmp/${host}.tgz data").start() // expect: kt.command-injection
        ProcessBuilder("tar", "czf", "/tmp/$host.tgz", "data").start() // ok: kt.command-injection
        Runtime.getRuntime().exec("uptime") // ok: kt.command-injection
    }

    fun find(name: String, id: Long) {
        stmt.executeQuery("SELECT * FROM users WHERE name = '$name'") // expect: kt.sql-injection
        stmt.executeUpdate("DELETE FROM users WHERE id = " + id) // expect: kt.sql-injection
        db.rawQuery("SELECT * FROM notes WHERE title = '${name}'", null) // expect: kt.sql-injection
        db.rawQuery("SELECT * FROM notes WHERE title = ?", arrayOf(name)) // ok: kt.sql-injection
        stmt.executeQuery("SELECT * FROM users") // ok: kt.sql-injection
        cache.update("user:$name") // ok: kt.sql-injection
    }

    fun load(input: java.io.InputStream): Any? {
        val bytes = input.readBytes()
        val json = Json.decodeFromString<Order>(String(bytes)) // ok: kt.unsafe-deserialization
        return ObjectInputStream(input).readObject() // expect: kt.unsafe-deserialization
    }

    fun loadFiltered(input: java.io.InputStream): Any? {
        val ois = ObjectInputStream(input) // ok: kt.unsafe-deserialization
        ois.setObjectInputFilter(ObjectInputFilter.Config.createFilter("example.Order;!*"))
        return ois.readObject()
    }

    fun digest(data: ByteArray) {
        MessageDigest.getInstance("MD5").digest(data) // expect: kt.weak-hash
        MessageDigest.getInstance("SHA-1").digest(data) // expect: kt.weak-hash
        MessageDigest.getInstance("SHA-256").digest(data) // ok: kt.weak-hash
    }

    val trustAll = object : X509TrustManager {
        override fun checkClientTrusted(chain: Array<X509Certificate>, authType: String) {}
        override fun checkServerTrusted(chain: Array<X509Certificate>, authType: String) {} // expect: kt.tls-verification-disabled
        override fun getAcceptedIssuers(): Array<X509Certificate> = arrayOf()
    }

    val pinned = object : X509TrustManager {
        override fun checkClientTrusted(chain: Array<X509Certificate>, authType: String) {}
        override fun checkServerTrusted(chain: Array<X509Certificate>, authType: String) { // ok: kt.tls-verification-disabled
            delegate.checkServerTrusted(chain, authType)
        }
        override fun getAcceptedIssuers(): Array<X509Certificate> = delegate.acceptedIssuers
    }

    fun client(builder: OkHttpClient.Builder) {
        builder.hostnameVerifier { _, _ -> true } // expect: kt.tls-verification-disabled
        builder.hostnameVerifier { host, _ -> host == "api.example.com" } // ok: kt.tls-verification-disabled
        HttpsURLConnection.setDefaultHostnameVerifier(HostnameVerifier { _, _ -> true }) // expect: kt.tls-verification-disabled
    }

    fun verify(hostname: String, session: SSLSession): Boolean = true // expect: kt.tls-verification-disabled

    fun check(role: String) {
        if (role === "admin") println("admin") // expect: kt.string-identity-equality
        if (role == "admin") println("admin") // ok: kt.string-identity-equality
    }
}
