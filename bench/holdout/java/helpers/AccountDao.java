package org.example.holdout.helpers;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

public class AccountDao {
    private final DataSource ds;

    public AccountDao(DataSource ds) {
        this.ds = ds;
    }

    public List<Long> findByOwner(String owner) throws SQLException {
        String sql = "SELECT id FROM accounts WHERE owner = '" + owner + "' AND closed = 0";
        List<Long> ids = new ArrayList<>();
        try (Connection c = ds.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) ids.add(rs.getLong(1));
        }
        return ids;
    }
}
