using System.Diagnostics;
using System.Net;
using System.Security.Cryptography;

public class Handlers
{
    private const string DbPassword = "hunter2hunter2"; // expect: cs.hardcoded-credential
    private readonly string password = Environment.GetEnvironmentVariable("DB_PASSWORD"); // ok: cs.hardcoded-credential
    public string AdminPassword { get; set; } = "letmein!"; // expect: cs.hardcoded-credential
    private const string ConnStr = "Server=db;User Id=app;Password=Winter2024;"; // expect: cs.hardcoded-credential
    private const string ConnFmt = "Server=db;User Id=app;Password={0};"; // ok: cs.hardcoded-credential
    private const string Greeting = "hello there"; // ok: cs.hardcoded-credential

    public void Run(string host, string file)
    {
        Process.Start("cmd.exe", "/c ping " + host); // expect: cs.command-injection
        Process.Start("/bin/sh", $"-c \"convert {file} out.png\""); // expect: cs.command-injection
        Process.Start("notepad.exe", "readme.txt"); // ok: cs.command-injection
        var psi = new ProcessStartInfo("git", "log " + host); // expect: cs.command-injection
        var safe = new ProcessStartInfo("git"); // ok: cs.command-injection
        var shell = new ProcessStartInfo
        {
            FileName = "cmd.exe",
            Arguments = "/c type " + file, // expect: cs.command-injection
        };
        var tool = new ProcessStartInfo
        {
            FileName = "dotnet",
            Arguments = $"build {file}", // ok: cs.command-injection
        };
        safe.ArgumentList.Add(host); // ok: cs.command-injection
    }

    public void Query(SqlConnection conn, AppDb db, string name, int id)
    {
        var cmd = new SqlCommand("SELECT * FROM Users WHERE Name = '" + name + "'", conn); // expect: cs.sql-injection
        cmd.CommandText = $"DELETE FROM Users WHERE Id = {id}"; // expect: cs.sql-injection
        cmd.CommandText = "DELETE FROM Users WHERE Id = @id"; // ok: cs.sql-injection
        var safeCmd = new SqlCommand("SELECT * FROM Users WHERE Name = @name", conn); // ok: cs.sql-injection
        db.Users.FromSqlRaw("SELECT * FROM Users WHERE Name = '" + name + "'"); // expect: cs.sql-injection
        db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{name}'"); // expect: cs.sql-injection
        db.Users.FromSqlInterpolated($"SELECT * FROM Users WHERE Name = {name}"); // ok: cs.sql-injection
        db.Users.FromSql($"SELECT * FROM Users WHERE Name = {name}"); // ok: cs.sql-injection
        conn.Query<User>("SELECT * FROM Users WHERE Name = '" + name + "'"); // expect: cs.sql-injection
        conn.Query<User>("SELECT * FROM Users WHERE Name = @name", new { name }); // ok: cs.sql-injection
        logger.Execute("Finished " + name); // ok: cs.sql-injection
    }

    public object Load(Stream stream, string json)
    {
        var formatter = new BinaryFormatter(); // expect: cs.unsafe-deserialization
        var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All }; // expect: cs.unsafe-deserialization
        var plain = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None }; // ok: cs.unsafe-deserialization
        return JsonSerializer.Deserialize<Order>(json); // ok: cs.unsafe-deserialization
    }

    public byte[] Digest(byte[] data)
    {
        using var md5 = MD5.Create(); // expect: cs.weak-hash
        var sha1 = SHA1.HashData(data); // expect: cs.weak-hash
        var legacy = new SHA1CryptoServiceProvider(); // expect: cs.weak-hash
        var alg = HashAlgorithm.Create("MD5"); // expect: cs.weak-hash
        return SHA256.HashData(data); // ok: cs.weak-hash
    }

    public void Tls(HttpClientHandler handler)
    {
        ServicePointManager.ServerCertificateValidationCallback = (s, cert, chain, errors) => true; // expect: cs.tls-verification-disabled
        handler.ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator; // expect: cs.tls-verification-disabled
        ServicePointManager.ServerCertificateValidationCallback += delegate { return true; }; // expect: cs.tls-verification-disabled
        handler.ServerCertificateCustomValidationCallback = (m, cert, chain, errors) => errors == SslPolicyErrors.None; // ok: cs.tls-verification-disabled
    }

    private static bool AcceptAll(object sender, X509Certificate cert, X509Chain chain, SslPolicyErrors errors) => true; // expect: cs.tls-verification-disabled

    private static bool Validate(object sender, X509Certificate cert, X509Chain chain, SslPolicyErrors errors) // ok: cs.tls-verification-disabled
    {
        return errors == SslPolicyErrors.None;
    }

    public void Save()
    {
        try
        {
            Write();
        }
        catch (IOException ex)
        {
            log.Error(ex);
            throw ex; // expect: cs.rethrow-loses-stack
        }
        catch (Exception ex)
        {
            throw new InvalidOperationException("save failed", ex); // ok: cs.rethrow-loses-stack
        }
        try { Write(); }
        catch (Exception) { throw; } // ok: cs.rethrow-loses-stack
    }
}
