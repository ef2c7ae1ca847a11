<?php
// Examples for the PHP rules.
define('DB_PASSWORD', 'hunter2hunter2'); // expect: php.hardcoded-credential
define('DB_PASSWORD_ENV', getenv('DB_PASSWORD')); // ok: php.hardcoded-credential

class Handler
{
    private $password = "s3cr3t-pw"; // expect: php.hardcoded-credential
    private $username = "admin"; // ok: php.hardcoded-credential
    const ADMIN_PASSWORD = 'letmein!'; // expect: php.hardcoded-credential

    public function run($dir, $mysqli, $pdo, $wpdb)
    {
        $password = "correct horse"; // expect: php.hardcoded-credential
        $password = getenv('APP_PASSWORD'); // ok: php.hardcoded-credential

        shell_exec("ls -la " . $dir); // expect: php.command-injection
        system("ping -c 1 {$_GET['host']}"); // expect: php.command-injection
        exec($_POST['cmd']); // expect: php.command-injection
        $out = `convert $dir out.png`; // expect: php.command-injection
        shell_exec("ls -la " . escapeshellarg($dir)); // ok: php.command-injection
        exec("uptime"); // ok: php.command-injection
        exec(PHP_BINARY . " " . __DIR__ . "/worker.php"); // ok: php.command-injection
        $out = `uptime`; // ok: php.command-injection
        $pdo->exec("DELETE FROM t WHERE id = " . $_GET['id']); // ok: php.command-injection // expect: php.sql-injection

        eval($_POST['code']); // expect: php.code-injection
        eval(base64_decode($payload)); // expect: php.code-injection
        eval('return 1 + 2;'); // ok: php.code-injection
        assert("$value > 0"); // expect: php.code-injection
        assert($value > 0); // ok: php.code-injection
        assert($isValid); // ok: php.code-injection
        $fn = create_function('$a', 'return $a * 2;'); // expect: php.code-injection
        $fn = fn($a) => $a * 2; // ok: php.code-injection
        preg_replace('/(\w+)/e', 'strtoupper("$1")', $text); // expect: php.code-injection
        preg_replace('/(\w+)/i', '$1', $text); // ok: php.code-injection
    }

    public function find($mysqli, $pdo, $wpdb, $id, $name)
    {
        mysqli_query($mysqli, "SELECT * FROM users WHERE id = " . $_GET['id']); // expect: php.sql-injection
        $pdo->query("SELECT * FROM users WHERE name = '$name'"); // expect: php.sql-injection
        $pdo->exec("DELETE FROM sessions WHERE user = " . $id); // expect: php.sql-injection
        $wpdb->get_results("SELECT * FROM {$wpdb->prefix}posts WHERE author = $id"); // expect: php.sql-injection
        DB::select("SELECT * FROM users WHERE email = '$name'"); // expect: php.sql-injection
        $q->whereRaw("name = '" . $name . "'"); // expect: php.sql-injection
        $st = $pdo->prepare("SELECT * FROM users WHERE id = ?"); // ok: php.sql-injection
        mysqli_query($mysqli, "SELECT * FROM users WHERE id = " . (int)$id); // ok: php.sql-injection
        $pdo->query("SELECT * FROM users WHERE name = " . $pdo->quote($name)); // ok: php.sql-injection
        $wpdb->get_results("SELECT * FROM {$wpdb->prefix}posts"); // ok: php.sql-injection
        $pdo->query("SELECT * FROM {$this->table} WHERE id = " . intval($id)); // ok: php.sql-injection
        $log->query("Looking up " . $name); // ok: php.sql-injection
        $pdo->prepare("SELECT * FROM users WHERE id IN (" . $ids . ")"); // expect: php.sql-injection
        $pdo->prepare("SELECT * FROM users WHERE id IN (" . $placeholders . ")"); // ok: php.sql-injection
    }

    public function load($data, $cookie)
    {
        $obj = unserialize($_COOKIE['state']); // expect: php.unsafe-deserialization
        $obj = unserialize(base64_decode($cookie)); // expect: php.unsafe-deserialization
        $obj = unserialize($data, ['allowed_classes' => false]); // ok: php.unsafe-deserialization
        $obj = json_decode($data, true); // ok: php.unsafe-deserialization
        $obj = unserialize('a:0:{}'); // ok: php.unsafe-deserialization
    }

    public function hashes($password, $user)
    {
        $hash = md5($password); // expect: php.weak-password-hash
        $user->password = sha1($salt . $password); // expect: php.weak-password-hash
        $token = md5(uniqid()); // expect: php.weak-password-hash
        $hash = hash('sha1', $password); // expect: php.weak-password-hash
        $hash = password_hash($password, PASSWORD_DEFAULT); // ok: php.weak-password-hash
        $etag = md5($body); // ok: php.weak-password-hash
        $cacheKey = sha1(serialize($params)); // ok: php.weak-password-hash
        $hash = hash('sha256', $password); // ok: php.weak-password-hash
    }

    public function fetch($url)
    {
        $ch = curl_init($url);
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false); // expect: php.tls-verification-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 0); // expect: php.tls-verification-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, true); // ok: php.tls-verification-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2); // ok: php.tls-verification-disabled
        curl_setopt_array($ch, [
            CURLOPT_SSL_VERIFYPEER => false, // expect: php.tls-verification-disabled
            CURLOPT_RETURNTRANSFER => true, // ok: php.tls-verification-disabled
        ]);
        $ctx = stream_context_create(['ssl' => ['verify_peer' => false]]); // expect: php.tls-verification-disabled
        $client = new \GuzzleHttp\Client(['verify' => false]); // expect: php.tls-verification-disabled
        $client->request('GET', $url, ['verify' => '/etc/ssl/ca.pem']); // ok: php.tls-verification-disabled
        $form = ['verify' => false, 'remember' => true]; // ok: php.tls-verification-disabled
    }

    public function check($haystack)
    {
        if (!strpos($haystack, "admin")) { } // expect: php.strpos-loose-comparison
        if (strpos($haystack, "admin") == false) { } // expect: php.strpos-loose-comparison
        if (strpos($haystack, "admin") === false) { } // ok: php.strpos-loose-comparison
        if (str_contains($haystack, "admin")) { } // ok: php.strpos-loose-comparison
    }
}
