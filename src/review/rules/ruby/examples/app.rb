class ReportsController < ApplicationController
  DB_PASSWORD = "hunter2hunter2" # expect: rb.hardcoded-credential
  password = ENV.fetch("DB_PASSWORD") # ok: rb.hardcoded-credential
  config.password = "s3cr3t!" # expect: rb.hardcoded-credential
  greeting = "hello there" # ok: rb.hardcoded-credential

  def run(name)
    system("ping -c 1 #{name}") # expect: rb.command-injection
    system "tar czf /tmp/out.tgz " + name # expect: rb.command-injection
    system("ping", "-c", "1", name) # ok: rb.command-injection
    system("make clean") # ok: rb.command-injection
    out = `git log #{params[:ref]}` # expect: rb.command-injection
    out = %x(whoami) # ok: rb.command-injection
    Open3.capture2("convert #{params[:file]} out.png") # expect: rb.command-injection
    Open3.capture2("convert", params[:file], "out.png") # ok: rb.command-injection
    IO.popen("lpr #{name}") # expect: rb.command-injection
    job.exec("run #{name}") # ok: rb.command-injection
  end

  def calc
    eval(params[:expr]) # expect: rb.code-injection
    eval "@#{params[:field]}" # expect: rb.code-injection
    eval("1 + 2") # ok: rb.code-injection
    Kernel.eval(code) # expect: rb.code-injection
    instance_eval(params[:dsl]) # expect: rb.code-injection
    instance_eval(&block) # ok: rb.code-injection
    class_eval "def #{name}; @#{name}; end" # ok: rb.code-injection
    Integer(params[:expr]) # ok: rb.code-injection
  end

  def search
    User.where("name = '#{params[:name]}'") # expect: rb.sql-injection
    User.where("name = ?", params[:name]) # ok: rb.sql-injection
    User.where(name: params[:name]) # ok: rb.sql-injection
    User.order("#{params[:sort]} ASC") # expect: rb.sql-injection
    User.find_by_sql("SELECT * FROM users WHERE id = " + params[:id]) # expect: rb.sql-injection
    User.find_by_sql(["SELECT * FROM users WHERE id = ?", params[:id]]) # ok: rb.sql-injection
    ActiveRecord::Base.connection.execute("DELETE FROM t WHERE id = #{id}") # expect: rb.sql-injection
    User.where("#{table_name}.deleted_at IS NULL") # ok: rb.sql-injection
    User.where("id > #{id.to_i}") # ok: rb.sql-injection
    User.where("status = #{Status::ACTIVE}") # ok: rb.sql-injection
    Arel.sql("LOWER(#{column})") # expect: rb.sql-injection
    items.group("category") # ok: rb.sql-injection
  end

  def restore
    Marshal.load(Base64.decode64(params[:state])) # expect: rb.unsafe-deserialization
    YAML.load(request.body.read) # expect: rb.unsafe-deserialization
    YAML.unsafe_load(data) # expect: rb.unsafe-deserialization
    YAML.safe_load(request.body.read) # ok: rb.unsafe-deserialization
    YAML.load(File.read("config/settings.yml")) # ok: rb.unsafe-deserialization
    JSON.parse(request.body.read) # ok: rb.unsafe-deserialization
  end

  def digest(s)
    Digest::MD5.hexdigest(s) # expect: rb.weak-hash
    OpenSSL::Digest::SHA1.new # expect: rb.weak-hash
    OpenSSL::Digest.new("md5") # expect: rb.weak-hash
    Digest::SHA256.hexdigest(s) # ok: rb.weak-hash
    OpenSSL::Digest.new("SHA256") # ok: rb.weak-hash
  end

  def fetch(uri)
    http = Net::HTTP.new(uri.host, uri.port)
    http.verify_mode = OpenSSL::SSL::VERIFY_NONE # expect: rb.tls-verification-disabled
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER # ok: rb.tls-verification-disabled
    Net::HTTP.start(uri.host, uri.port, use_ssl: true, verify_mode: OpenSSL::SSL::VERIFY_NONE) # expect: rb.tls-verification-disabled
    Faraday.new(url, ssl: { verify: false }) # expect: rb.tls-verification-disabled
    Faraday.new(url, ssl: { verify: true }) # ok: rb.tls-verification-disabled
    warn "insecure" if http.verify_mode == OpenSSL::SSL::VERIFY_NONE # ok: rb.tls-verification-disabled
  end

  def work
    begin
      perform
    rescue Exception => e # expect: rb.rescue-exception
      logger.error(e)
    end
    begin
      perform
    rescue StandardError => e # ok: rb.rescue-exception
      logger.error(e)
    end
    begin
      perform
    rescue Exception => e # ok: rb.rescue-exception
      logger.error(e)
      raise
    end
  end
end

class AddIndex < ActiveRecord::Migration[7.1]
  def up
    execute "CREATE INDEX idx ON #{table} (name)" # ok: rb.sql-injection
    copy = Marshal.load(Marshal.dump(defaults)) # ok: rb.unsafe-deserialization
  end
end
